/** Typed failures of shop API calls, so callers can tell "not found" from "down" without parsing. */
export type ShopApiErrorKind = 'not-found' | 'client' | 'server' | 'network';

export class ShopApiError extends Error {
  constructor(
    readonly kind: ShopApiErrorKind,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ShopApiError';
  }
}

/** Statuses retried automatically. */
export const RETRY_STATUS_CODES = [401, 408, 409, 425, 429, 500, 502, 503, 504];
