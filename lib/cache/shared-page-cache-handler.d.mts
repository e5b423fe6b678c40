/** The page cache shared by the storefront instances in Redis (see the .mjs). */
export declare const KEY_PREFIX: string;
export default class SharedPageCacheHandler {
  constructor(ctx: { serverDistDir: string; dev?: boolean; [key: string]: unknown });
  get(key: string, ctx?: Record<string, unknown>): Promise<{ value: unknown; tags?: readonly string[] } | null>;
  set(key: string, data: unknown, ctx?: Record<string, unknown>): Promise<void>;
  revalidateTag(tag: string | string[]): Promise<void>;
}
