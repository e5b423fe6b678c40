/**
 * What a name the shop API gave (a product or method code, an order or link token) can look like when
 * it comes back from a browser: letters, digits, `-` and `_`, at most `max` characters. Anything else
 * names nothing it made, so no call is made with it (a value of another type, a path, a lone surrogate).
 * No React, no server-only: client code and the proxy use it too.
 */
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;

export const isShopIdentifier = (value: unknown, max = 64): value is string =>
  typeof value === 'string' && value.length <= max && IDENTIFIER.test(value);
