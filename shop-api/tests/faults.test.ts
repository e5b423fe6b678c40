/**
 * Faults: the shop API as a real process on its own PGlite files, killed with
 * SIGKILL in the middle of a checkout and started again. The data survives, the held part stays
 * held, the provider's confirmation — sent again, as providers retry — pays the order exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/outbox.js';
import { LEA_ADDRESS } from './helpers/address.js';

const shopApiDir = fileURLToPath(new URL('..', import.meta.url));
const SITE = 'http://localhost:3999';
const API = '/api/v2/shop';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a shop API killed mid-checkout', () => {
  const varDir = mkdtempSync(join(tmpdir(), 'shop-faults-'));
  let child: ChildProcess | null = null;
  let base = '';

  async function start(port: number) {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: shopApiDir,
      env: {
        ...process.env,
        SHOP_VAR_DIR: varDir,
        SHOP_API_PORT: String(port),
        SEED_PARTS: '30',
        SITE_URL: SITE,
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/health`)).ok) return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('shop-api did not start');
  }
  /** The buyer's access token, on every call about their order (only a customer's order is paid). */
  let token = '';
  let order = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(base + path, {
      method,
      headers: {
        accept: 'application/ld+json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(order && path.startsWith(`${API}/orders/${order}`) ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      headers: response.headers,
    };
  };
  function kill() {
    child!.kill('SIGKILL');
    return new Promise((resolve) => child!.once('exit', resolve));
  }

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(varDir, { recursive: true, force: true });
  });

  it('keeps the order, keeps the part held, and applies a repeated confirmation once', async () => {
    const port = await freePort();
    await start(port);
    const part = (await call('GET', `${API}/products?itemsPerPage=1`)).body['hydra:member'][0];
    // The buyer: registered, confirmed through the mailed link, signed in.
    const buyer = { email: 'lea@exemple.fr', password: 'pieces-auto-2026' };
    await call('POST', `${API}/customers`, { firstName: 'Léa', lastName: 'Martin', ...buyer });
    let link: string | undefined;
    while (!link)
      link = (await readOutbox(join(varDir, 'mail'), 5))
        .flatMap((mail) => mail.links)
        .find((l) => l.startsWith(`${SITE}/verification/`));
    await call('PATCH', `${API}/account-verification-requests/${link.slice(`${SITE}/verification/`.length)}`, {
      password: buyer.password,
    });
    token = (await call('POST', `${API}/authentication-token`, buyer)).body.token;
    order = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    expect((await call('POST', `${API}/orders/${order}/items`, { productVariant: part.code })).status).toBe(201);
    const addressed = (
      await call('PUT', `${API}/orders/${order}`, {
        billingAddress: LEA_ADDRESS,
      })
    ).body;
    await call('PATCH', `${API}/orders/${order}/shipments/${addressed.shipments[0].id}`, {
      shippingMethod: 'retrait_casse',
    });
    const checkoutUrl = (
      await call('POST', `${API}/orders/${order}/pay`, {
        afterSuccessUrl: `${SITE}/commande/valide`,
        afterCancelUrl: `${SITE}/commande/livraison`,
      })
    ).body.checkoutUrl as string;
    const session = new URL(checkoutUrl).pathname;

    // Killed while the buyer is on the payment page.
    await kill();
    await start(port);
    const after = (await call('GET', `${API}/orders/${order}`)).body;
    expect(after).toMatchObject({
      checkoutState: 'payment_selected',
      paymentState: 'cart',
      total: part.defaultVariantData.price,
    });
    // The part is still held for this buyer: nobody else can take it.
    const other = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    expect((await call('POST', `${API}/orders/${other}/items`, { productVariant: part.code })).status).toBe(422);

    // The provider confirms, and confirms again (a retry), also across another kill.
    expect((await call('POST', `${session}/pay`)).headers.get('location')).toBe(`${SITE}/commande/valide`);
    await kill();
    await start(port);
    expect((await call('POST', `${session}/pay`)).headers.get('location')).toBe(`${SITE}/commande/valide`);
    const paid = (await call('GET', `${API}/orders/${order}`)).body;
    expect(paid).toMatchObject({ state: 'new', paymentState: 'paid', checkoutState: 'completed' });
    expect(paid.number).toMatch(/^\d{9}$/);
    expect((await call('GET', `${API}/products/${part.code}`)).body.soldAt).not.toBeNull();
    // Paid once: one order carries the part, and its number did not move.
    expect((await call('PATCH', `${API}/orders/${order}/complete`, {})).body.number).toBe(paid.number);
  }, 240_000);
});
