import { SignJWT } from 'jose';
import { isAuthenticated, tokenExpiry } from '@/lib/auth/session';

const key = new TextEncoder().encode('a-test-key-of-at-least-32-bytes!!');
const jwt = (expSeconds: number) =>
  new SignJWT({ username: 'client@example.fr' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(expSeconds)
    .sign(key);

describe('authentication rule', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const inOneHour = now / 1000 + 3600;
  const oneHourAgo = now / 1000 - 3600;

  it('is authenticated when both tokens exist and exp is in the future', async () => {
    expect(isAuthenticated({ token: await jwt(inOneHour), refreshToken: 'r' }, now)).toBe(true);
  });

  it('is not authenticated with an expired token', async () => {
    expect(isAuthenticated({ token: await jwt(oneHourAgo), refreshToken: 'r' }, now)).toBe(false);
  });

  it('is not authenticated without the refresh token or the token', async () => {
    expect(isAuthenticated({ token: await jwt(inOneHour) }, now)).toBe(false);
    expect(isAuthenticated({ refreshToken: 'r' }, now)).toBe(false);
  });

  it('is not authenticated with a token that is not a JWT or has no exp', async () => {
    expect(isAuthenticated({ token: 'not-a-jwt', refreshToken: 'r' }, now)).toBe(false);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(tokenExpiry(noExp)).toBeNull();
    expect(isAuthenticated({ token: noExp, refreshToken: 'r' }, now)).toBe(false);
  });
});
