import { expect, test } from '@playwright/test';
import { AccountPage } from './pages/account-page';

/**
 * The shop API limits password-reset requests per e-mail and address (3 an hour, ×20 in this suite's
 * RATE_LIMIT_SCALE). The shop is reached directly here, as `npm start` serves it: a shopper who writes a
 * new X-Forwarded-For on every request is still counted by their connection's address.
 */
test('a client-written X-Forwarded-For does not dodge the per-address limits', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const account = new AccountPage(page);
  const email = `esquive-${testInfo.workerIndex}-${Date.now()}@exemple.fr`;
  await account.goto('/mot-de-passe-oublie');
  await account.waitUntilInteractive();
  await page.getByLabel('Adresse e-mail').fill(email);
  const ceiling = 3 * 20;
  for (let i = 0; i <= ceiling; i++) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` });
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await answered;
    if (i < ceiling) {
      await expect(page.getByRole('status')).toContainText('Si un compte existe pour');
      await expect(page.getByText('Trop de tentatives')).toHaveCount(0);
    }
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Trop de tentatives' })).toBeVisible();
});
