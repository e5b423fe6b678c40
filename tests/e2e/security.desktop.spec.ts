import { expect, test } from '@playwright/test';
import { AccountPage } from './pages/account-page';
import { CataloguePage } from './pages/catalogue-page';
import { watchCsp } from './pages/csp';
import { actionsOfBuild } from './fuzz/storefront-hostile';
import { E2E_DIST_DIR } from '../../playwright.config';

test.describe('security headers of the storefront', () => {
  test('every kind of response carries the hardening headers; pages carry the CSP', async ({ page, request }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/pieces/moteur');
    const partPath = (await shop.partLinks().first().getAttribute('href'))!;
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    const pages = [
      '/',
      '/pieces/moteur',
      partPath,
      '/panier',
      '/connexion',
      '/mentions-legales',
      '/recherche?q=phare',
      '/nulle-part',
    ];
    for (const path of [...pages, '/api/families', '/robots.txt', '/sitemap.xml', script!]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
      expect.soft(headers['x-frame-options'], path).toBe('DENY');
      expect.soft(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect.soft(headers['permissions-policy'], path).toContain('camera=()');
      if (pages.includes(path)) {
        const csp = headers['content-security-policy'] ?? '';
        expect.soft(csp, path).toContain("frame-ancestors 'none'");
        expect.soft(csp, path).toContain("script-src 'self' 'unsafe-inline'");
        expect.soft(csp, path).not.toContain('unsafe-eval');
        // The test shop runs over http: no HSTS (the unit tests check it over https).
        expect.soft(headers['strict-transport-security'], path).toBeUndefined();
      }
    }
    // A redirect of the guard carries them too.
    const guarded = await request.get('/compte', { maxRedirects: 0 });
    expect(guarded.status()).toBe(307);
    expect(guarded.headers()['content-security-policy']).toContain("default-src 'self'");
  });

  test('browsing, the vehicle panel and adding to the cart break no rule of the policy', async ({ page }) => {
    const violations = await watchCsp(page);
    const shop = new CataloguePage(page);
    await shop.goto('/');
    await shop.goto('/pieces/jantes-pneus');
    await shop.header.getByRole('button', { name: 'Mon véhicule' }).click();
    // react-select arrives as a lazy chunk: it must load under the policy.
    await expect(
      page.getByRole('dialog', { name: 'Identifiez votre véhicule' }).getByLabel('Marque', { exact: true }),
    ).toBeEnabled();
    await page.keyboard.press('Escape');
    await shop.partLinks().first().click();
    await expect(page).toHaveURL(/\/piece\//);
    await expect(page.getByRole('img').first()).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page).toHaveURL(/\/panier\?ajout=/);
    await shop.goto('/connexion');
    expect(await violations()).toEqual([]);
  });
});

test.describe('what a stranger writes in an address or a request', () => {
  /** Cookies the proxy reads as a session (it checks only the token's expiry before a redirect from /connexion). */
  function sessionCookie() {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
    return `shop_token=${token}; shop_refresh_token=unused-here`;
  }

  test('a signed-in visitor leaves /connexion only for a page of the shop', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const target = async (query: string) => {
      const response = await request.get(`/connexion?retour=${query}`, {
        maxRedirects: 0,
        headers: { cookie: sessionCookie() },
      });
      expect(response.status(), query).toBe(307);
      const location = new URL(response.headers().location!, baseURL);
      expect(location.origin, query).toBe(origin);
      return `${location.pathname}${location.search}`;
    };
    const hostile = [
      '/.//evil.example/phish',
      '//evil.example',
      '/%5Cevil.example',
      '/.%2F%2Fevil.example',
      '%2F%2F%2Fevil.example',
      '/%252F/evil.example',
      '/%255Cevil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%5C/evil.example',
      'javascript:alert(1)',
      'https://evil.example/phish',
      '/..//evil.example/phish',
    ];
    for (const query of hostile) expect(await target(query), query).toBe('/compte');
    expect(await target(encodeURIComponent('/pieces/moteur?tri=prix'))).toBe('/pieces/moteur?tri=prix');
  });

  test("a server action this build does not have answers 404, never 500; the shop's own still work", async ({
    request,
    page,
  }) => {
    for (const id of ['deadbeef', '7f'.repeat(21), '00'.repeat(21)]) {
      for (const path of ['/', '/panier', '/connexion', '/pieces/carrosserie']) {
        const answer = await request.post(path, {
          headers: { 'next-action': id, 'content-type': 'application/x-www-form-urlencoded' },
          data: 'x=1',
          maxRedirects: 0,
        });
        expect(answer.status(), `${id} on ${path}`).toBe(404);
        // The same id in a form posted without JavaScript (Next answered 400 in English).
        const form = await request.post(path, { multipart: { [`$ACTION_ID_${id}`]: '', x: '1' }, maxRedirects: 0 });
        expect(form.status(), `form ${id} on ${path}`).toBe(404);
        expect(await form.text()).toBe('Cette action n’existe plus : rechargez la page.');
      }
    }
    // A real action (add to cart, a plain form) goes through the same proxy unharmed.
    const shop = new CataloguePage(page);
    await shop.goto('/pieces/freinage/maitre-cylindre');
    await shop.parts
      .first()
      .getByRole('button', { name: /^Ajouter au panier/ })
      .click();
    await expect(page).toHaveURL(/\/panier\?ajout=/);
  });

  test('a form posted to a page without naming an action is refused in French, never handed to Next', async ({
    request,
  }) => {
    for (const path of ['/', '/panier', '/pieces/carrosserie']) {
      const answer = await request.post(path, { multipart: { variant: 'P0000001', item: '1' }, maxRedirects: 0 });
      expect(answer.status(), path).toBe(400);
      expect(await answer.text(), path).toBe(
        'Ce formulaire ne correspond à aucune action de la boutique : rechargez la page.',
      );
    }
  });

  test('a real action sent from another site or past its body limit is refused in French and changes nothing', async ({
    request,
    baseURL,
  }) => {
    // The add-to-cart form of a part page, as a browser without JavaScript posts it.
    const listing = await (await request.get('/pieces/freinage')).text();
    const part = listing.match(/href="(\/piece\/P\d{7}\/[^"]+)"/)![1]!;
    const page = await (await request.get(part)).text();
    const action = page.match(/name="(\$ACTION_ID_[0-9a-f]+)"/)![1]!;
    const variant = page.match(/name="variant" value="([^"]+)"/)![1]!;
    const add = (origin: string, extra: Record<string, string> = {}) =>
      request.post(part, { headers: { origin }, multipart: { [action]: '', variant, ...extra }, maxRedirects: 0 });
    const cartHolds = async () => (await (await request.get('/panier')).text()).includes('name="item"');

    for (const origin of ['https://boutique-piege.example', 'null', 'pas une origine', `${baseURL!}0`]) {
      const answer = await add(origin);
      expect(answer.status(), origin).toBe(403);
      expect(await answer.text(), origin).toBe(
        'Ce formulaire a été envoyé depuis un autre site : la boutique ne l’accepte pas.',
      );
    }
    const tooBig = await add(baseURL!, { remarque: 'x'.repeat(1024 * 1024) });
    expect(tooBig.status()).toBe(413);
    expect(await tooBig.text()).toBe('Formulaire trop volumineux : 1 Mo au plus.');
    // The same form sent in chunks, its length declared nowhere (Next answered 500).
    const { request: send } = await import('node:http');
    const boundary = 'morceaux';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const call = send(new URL(part, baseURL), {
        method: 'POST',
        headers: {
          origin: baseURL!,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      call.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      call.on('error', reject);
      call.write(field(action, '') + field('variant', variant));
      for (let i = 0; i < 32; i++) call.write(field(`remarque${i}`, 'x'.repeat(64 * 1024)));
      call.end(`--${boundary}--\r\n`);
    });
    expect(chunked).toEqual({ status: 413, text: 'Formulaire trop volumineux : 1 Mo au plus.' });
    expect(await cartHolds()).toBe(false);

    // The same form from the shop's own page goes through.
    const own = await add(baseURL!);
    expect(own.status()).toBe(303);
    expect(await cartHolds()).toBe(true);
  });

  test('a real action called with arguments React cannot read, or a page posted something else, is refused in French', async ({
    request,
  }) => {
    const listing = await (await request.get('/pieces/freinage')).text();
    const part = listing.match(/href="(\/piece\/P\d{7}\/[^"]+)"/)![1]!;
    const id = (await (await request.get(part)).text()).match(/name="\$ACTION_ID_([0-9a-f]+)"/)![1]!;
    const call = (data: string) =>
      request.post(part, { headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8' }, data });
    // Not JSON, not the list of arguments, or pointing at parts a text body has not: Next answered 500.
    for (const body of ['[', 'x', '"$@1"', '{"variant":"P0000001"}', '["$@1"]', '[{"form":"$K1"}]']) {
      const answer = await call(body);
      expect(answer.status(), body).toBe(400);
      expect(await answer.text(), body).toBe('Cette demande est illisible : rechargez la page.');
    }
    // Nested deeper than any form: React would run out of stack reading it.
    expect((await call('['.repeat(5000) + ']'.repeat(5000))).status()).toBe(400);
    // Readable arguments in a body the page's script never sends (urlencoded, JSON): Next answered 500.
    for (const type of ['application/x-www-form-urlencoded', 'application/json', '']) {
      const answer = await request.post('/', { headers: { 'next-action': id, 'content-type': type }, data: '[1]' });
      expect(answer.status(), type).toBe(400);
      expect(await answer.text(), type).toBe('Cette demande est illisible : rechargez la page.');
    }
    // Readable arguments of the wrong kind reach the action, which checks them: no 500 either.
    for (const body of ['["P0000001"]', '[{"variant":"P0000001"}]', '[]'])
      expect((await call(body)).status(), body).toBeLessThan(500);
    // The same with a FormData argument (multipart): the arguments are part 0, the form the others.
    const callWithForm = (multipart: Record<string, string>) =>
      request.post(part, { headers: { 'next-action': id }, multipart, maxRedirects: 0 });
    const unreadable: Record<string, string>[] = [
      { '0': 'not json' },
      { '0': '["$@1"]' },
      { '0': '[null,"$B1"]' },
      { '1_variant': 'P0000001' },
    ];
    for (const parts of unreadable) {
      const answer = await callWithForm(parts);
      expect(answer.status(), JSON.stringify(parts)).toBe(400);
      expect(await answer.text()).toBe('Cette demande est illisible : rechargez la page.');
    }
    expect((await callWithForm({ '0': '[null,"$K1"]', '1_variant': 'P0000001' })).status()).toBeLessThan(500);
    // A form binding arguments to its action without them: React would read the descriptor and fail.
    const bound = await request.post(part, {
      multipart: { $ACTION_REF_1: '', '$ACTION_1:0': `{"id":"${id}","bound":"$@1"}` },
      maxRedirects: 0,
    });
    expect(bound.status()).toBe(400);
    // Neither a form nor an action: Next answered 405 in English.
    const posted = await request.post('/panier', { form: { item: '1' }, maxRedirects: 0 });
    expect(posted.status()).toBe(405);
    expect(posted.headers()['allow']).toBe('GET, HEAD');
    expect(await posted.text()).toBe('Cette page ne reçoit pas de formulaire.');
  });

  test('every action of the shop answers arguments of the wrong kind without a 5xx', async ({ request, baseURL }) => {
    // Readable by React, wrong for the action: a lone surrogate, too many or too few, objects for strings.
    const wrong = [
      '[]',
      '[null]',
      '["\\ud800"]',
      '["\\ud800",{"password":"\\ud800"}]',
      '[{},{},{}]',
      '[[],1.5]',
      '[-1,{}]',
    ];
    for (const action of actionsOfBuild(E2E_DIST_DIR)) {
      for (const data of wrong) {
        const answer = await request.post(action.path, {
          headers: { 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8', origin: baseURL! },
          data,
          maxRedirects: 0,
        });
        expect(answer.status(), `${action.name} ${data}`).toBeLessThan(500);
      }
    }
  });

  test('the cart shows only its own refusal messages, never a text from the address or a cookie', async ({ page }) => {
    await page.goto(
      `/panier?refus=${encodeURIComponent('Votre compte est bloqué : appelez le 08 99 00 00 00 pour le débloquer.')}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('08 99');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await page.goto('/panier?refus=deja-au-panier');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Cette pièce est déjà dans votre panier.');
    // Nor a text from a cookie: the parts left out at sign-in are read from the shop API, by their cart.
    await page.context().addCookies([
      {
        name: 'shop_merge_left',
        value: encodeURIComponent(JSON.stringify(['Appelez le 08 99 00 00 00 pour récupérer vos pièces'])),
        url: page.url(),
      },
    ]);
    await page.goto('/panier?refus=fusion-panier-plein');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('un panier compte au plus 20 pièces');
    await expect(page.getByRole('main')).not.toContainText('08 99');
  });

  test('the revalidation endpoint stops reading a body past its limit, chunked and unsigned', async ({ baseURL }) => {
    const { request: send } = await import('node:http');
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    // Writes until the shop answers: an answer before the end means the body was not read whole.
    const outcome = await new Promise<{ status: number; written: number }>((resolve, reject) => {
      let written = 0;
      let status = 0;
      const call = send(new URL('/api/revalidate', baseURL), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      call.on('response', (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        resolve({ status, written });
        call.destroy();
      });
      call.on('error', (error) => (status ? resolve({ status, written }) : reject(error)));
      const pump = () => {
        while (!status && written < total) {
          written += chunk.length;
          if (!call.write(chunk)) return void call.once('drain', pump);
        }
        if (!status) call.end();
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.written).toBeLessThan(total);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in form never puts the password in the address, and says first that it needs JavaScript', async ({
    page,
  }) => {
    const account = new AccountPage(page);
    await page.goto('/connexion'); // never hydrated: no waiting for it
    // Each form sent by script says so (sign-in, registration): in
    // <noscript>, which a browser with scripts turned off shows (Playwright's switch and its locators
    // leave it as text, so the page as served is read).
    const notes = async (path: string, text: string) =>
      [...(await (await page.request.get(path)).text()).matchAll(/<noscript>(.*?)<\/noscript>/g)].filter(([, inner]) =>
        inner!.includes(text),
      ).length;
    expect(await notes('/connexion', 'Ce formulaire fonctionne avec JavaScript')).toBe(2);
    await page.goto('/connexion');
    await account.signIn('zoe@example.fr', 'motdepasse-secret-42');
    await expect(page.getByText('Cette page ne reçoit pas de formulaire.')).toBeVisible();
    expect(page.url()).not.toContain('motdepasse');
    expect(page.url()).not.toContain('zoe');
  });
});
