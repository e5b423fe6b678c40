import { getTranslations } from 'next-intl/server';

/** Said where an account page could not read something because the shop API failed for now. */
export async function UnavailableNotice() {
  const t = await getTranslations('account');
  return (
    <p
      role="status"
      data-testid="account-unavailable"
      className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
    >
      {t('unavailable')}
    </p>
  );
}
