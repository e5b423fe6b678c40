/** Staff requests carry `Authorization: Bearer <STAFF_API_TOKEN>`; compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { STAFF_MESSAGES } from '../domain/staff-messages.js';

/** Where the staff routes live (`routes/admin-*.ts`). */
export const ADMIN_PREFIX = '/api/v2/admin';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function staffGuard(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new HttpError(401, STAFF_MESSAGES.token);
    }
  };
}
