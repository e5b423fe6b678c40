/**
 * Access tokens: HS256 JWTs (jose) carrying the customer id, the e-mail as `username` and
 * `roles`, like lexik's payload, and `sid`: the refresh-token family of the sign-in, so that ending a
 * session (logout, password change) ends its access tokens too; a token without `sid` is invalid,
 * whatever key signed it. The key comes from JWT_SECRET, or is drawn once and kept in
 * `<var>/jwt-secret` (mode 600) so tokens survive restarts of a one-machine shop. The same key signs
 * the device tokens of the sign-in limits.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';

const DEFAULT_JWT_TTL_SECONDS = 3600;

export interface AccessClaims {
  customerId: number;
  email: string;
  /** The sign-in's refresh-token family: the token counts only while that session is live. */
  session: string;
}

type VerifyOutcome = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface JwtService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifyOutcome>;
  /**
   * The refresh token that follows `refreshToken` (an HMAC under this key, so every instance sharing
   * the key derives the same): spent twice within the grace, a token yields the same successor both
   * times, and a session family stays one chain instead of forking into two live ones.
   */
  successorOf(refreshToken: string): string;
  /**
   * A device token: "this browser signed in to `account`" (the sign-in limits, decision 0027), valid
   * `ttlMs`. A random id and its end, with an HMAC under this key of both and the account, so it
   * is good for that account only and nobody without the key makes one.
   */
  deviceToken(account: string, ttlMs: number): string;
  /** The id of a device token this key made for `account`, not expired yet; null for anything else. */
  deviceOf(token: string, account: string): string | null;
}

export function loadJwtKey(secret: string | undefined, keyFile: string): Uint8Array {
  return new TextEncoder().encode(secret || drawnSecret(keyFile));
}

/** A secret drawn once into `file` (readable by its owner only) and read back on later starts. */
export function drawnSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export function createJwtService(
  key: Uint8Array,
  ttlSeconds = DEFAULT_JWT_TTL_SECONDS,
  now: () => Date = () => new Date(),
): JwtService {
  const seconds = () => Math.floor(now().getTime() / 1000);
  const deviceSignature = (end: string, id: string, account: string) =>
    createHmac('sha256', key).update(`sign-in-device:${end}:${id}:${account}`).digest('base64url');
  return {
    async sign({ customerId, email, session }) {
      const issuedAt = seconds();
      return new SignJWT({ username: email, roles: ['ROLE_USER'], sid: session })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(customerId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const customerId = Number(payload.sub);
        if (
          !Number.isInteger(customerId) ||
          customerId <= 0 ||
          typeof payload.username !== 'string' ||
          typeof payload.exp !== 'number' ||
          typeof payload.sid !== 'string' ||
          payload.sid === ''
        ) {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: { customerId, email: payload.username, session: payload.sid },
        };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
    successorOf(refreshToken) {
      return createHmac('sha256', key).update(`refresh-token-successor:${refreshToken}`).digest('base64url');
    },
    deviceToken(account, ttlMs) {
      const end = String(Math.floor((now().getTime() + ttlMs) / 1000));
      const id = randomBytes(16).toString('base64url');
      return `${end}.${id}.${deviceSignature(end, id, account)}`;
    },
    deviceOf(token, account) {
      const [end, id, signature, ...rest] = token.split('.');
      if (rest.length > 0 || !/^\d{1,12}$/.test(end ?? '') || !/^[\w-]{22}$/.test(id ?? '') || !signature) return null;
      const expected = Buffer.from(deviceSignature(end!, id!, account));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(end) > seconds() ? id! : null;
    },
  };
}
