'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IntentLink } from '@/components/navigation/intent-link';
import { useTranslations } from 'next-intl';
import { CartIcon, UserIcon } from '@/components/ui/icons';

export interface SessionSummary {
  authenticated: boolean;
  cartQuantity: number;
  /** A professional customer: prices excluding VAT are shown too. */
  professional?: boolean;
}

/** Per-visitor state for the header, read from the storefront's own session endpoint. */
function useSessionSummary() {
  return useQuery<SessionSummary>({
    queryKey: ['session'],
    queryFn: async () => {
      const response = await fetch('/api/session', { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`session ${response.status}`);
      return response.json();
    },
    staleTime: 30_000,
  });
}

/**
 * Account and cart icons: the account icon carries a badge when the visitor is signed in;
 * the cart icon shows the total item quantity when above 0. Cached pages stay anonymous: this
 * island fills in the visitor's state after load.
 */
export function HeaderActions() {
  const t = useTranslations('header');
  const { data } = useSessionSummary();
  const authenticated = data?.authenticated ?? false;
  const quantity = data?.cartQuantity ?? 0;
  const professional = data?.professional ?? false;
  useEffect(() => {
    if (professional) document.documentElement.dataset.prices = 'ht';
    else delete document.documentElement.dataset.prices;
  }, [professional]);
  return (
    <HeaderActionsView
      authenticated={authenticated}
      cartQuantity={quantity}
      labels={{
        account: authenticated ? t('accountSignedIn') : t('account'),
        cart: quantity > 0 ? t('cartWithCount', { count: quantity }) : t('cart'),
      }}
    />
  );
}

export function HeaderActionsView({
  authenticated,
  cartQuantity,
  labels,
}: SessionSummary & { labels: { account: string; cart: string } }) {
  return (
    <div className="flex items-center gap-1">
      <IntentLink
        href="/compte"
        className="relative rounded-md p-2 text-slate-800 hover:bg-slate-100"
        aria-label={labels.account}
      >
        <UserIcon className="h-7 w-7" />
        {authenticated && (
          <span
            data-testid="account-badge"
            className="absolute right-1 top-1 h-3 w-3 rounded-full border-2 border-white bg-green-600"
          />
        )}
      </IntentLink>
      <IntentLink
        href="/panier"
        className="relative rounded-md p-2 text-slate-800 hover:bg-slate-100"
        aria-label={labels.cart}
      >
        <CartIcon className="h-7 w-7" />
        {cartQuantity > 0 && (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent-800 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {cartQuantity}
          </span>
        )}
      </IntentLink>
    </div>
  );
}
