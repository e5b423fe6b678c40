/** How Banque d’essai signs its webhook: an HMAC of the exact bytes, in a header of its own. */
import { createHmac } from 'node:crypto';

export const NAME = 'banque-essai';
export const SIGNATURE_HEADER = 'banque-essai-signature';

export const sign = (body: string | Buffer, secret: string) => createHmac('sha256', secret).update(body).digest('hex');
