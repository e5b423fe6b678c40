import { SignJWT } from 'jose';
import { isAuthenticated, sessionCustomerId, tokenExpiry } from '@/lib/auth/session';

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

describe('the signed-in customer’s id', () => {
  const token = (subject?: string) => {
    const claims = new SignJWT({ username: 'client@example.fr' }).setProtectedHeader({ alg: 'HS256' });
    return (subject ? claims.setSubject(subject) : claims).sign(key);
  };

  it('is the access token’s subject, whatever the kept id says (a cookie edited by hand)', async () => {
    expect(sessionCustomerId(await token('42'), '2')).toBe('42');
    expect(sessionCustomerId(await token('42'), undefined)).toBe('42');
  });

  it('is the id kept at sign-in when the token names none (Sylius’s tokens name the e-mail) or is no JWT', async () => {
    expect(sessionCustomerId(await token(), '42')).toBe('42');
    expect(sessionCustomerId(await token('client@example.fr'), '42')).toBe('42');
    expect(sessionCustomerId('not-a-jwt', '42')).toBe('42');
    expect(sessionCustomerId(undefined, undefined)).toBeUndefined();
  });
});
