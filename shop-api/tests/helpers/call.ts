/** JSON calls to a test shop's app, as the storefront makes them (JSON-LD, optional bearer token). */
import type { TestShop } from './backends.js';

// Answers are read loosely: each test asserts the fields it needs.
// Tests read JSON answers freely; the API's own code types them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/**
 * `shop()` is read at each call: test files create their shop in beforeAll. `tokenOf(url)`: the
 * token a call carries when it is given none (the buyer of the order it names, see `buyers.ts`).
 */
export function jsonCaller(shop: () => TestShop, tokenOf: (url: string) => string | undefined = () => undefined) {
  return async (method: string, url: string, body?: unknown, token: string | undefined = tokenOf(url)) => {
    const response = await shop().app.inject({
      method: method as 'GET',
      url,
      headers: {
        accept: 'application/ld+json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as Json };
  };
}
