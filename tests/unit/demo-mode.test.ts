import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { paysOnSandbox } = await import('@/lib/config/server');

// The storefront's banner follows the shop API's choice (shop-api/src/config.ts paymentProviderFor),
// read from the same environment.
describe('storefront: are orders paid on the sandbox page?', () => {
  it.each([
    [{}, true],
    [{ PAYMENT_PROVIDER: 'sandbox' }, true],
    [{ STRIPE_SECRET_KEY: 'sk_live_0123456789' }, false],
    [{ PAYMENT_PROVIDER: 'stripe' }, false],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_0123456789' }, false],
  ])('%o → %s', (env, sandbox) => {
    expect(paysOnSandbox(env)).toBe(sandbox);
  });
});
