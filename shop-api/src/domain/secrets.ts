/**
 * Random single-use tokens (mail links, refresh tokens) and how they are stored: only a SHA-256
 * digest goes to the database, so a leaked table does not hand out live links.
 */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Links in mails live this long. */
export const VERIFICATION_TTL_MS = 48 * 3600_000;
export const RESET_TTL_MS = 2 * 3600_000;
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
/** How long an address an account left may take it back (decision 0028): a week, read on return from holidays. */
export const RECOVERY_TTL_MS = 7 * 24 * 3600_000;
/** How long an address must have been the account's for its leaving to give it a way back (decision 0028). */
export const RECOVERY_HELD_MS = 7 * 24 * 3600_000;
/** A login's refresh tokens live 30 days (gesdinet's default), rotated on every use. */
export const REFRESH_TTL_MS = 30 * 86_400_000;
/**
 * A refresh token spent less than this long ago may be presented again without alarm: a browser
 * loading several pages at once (prefetches, tabs) refreshes in parallel with the same cookie.
 * Later, a second use means the token was copied, and its family is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
