/** Next's default cache handler without 404s and redirects, and with memory-only answers (see the .mjs). */
export declare function isFoundNothing(data: unknown): boolean;
/** Searches kept in memory at most. */
export declare const MAX_MEMORY_ONLY_ENTRIES: number;
export default class PageCacheHandler {
  constructor(ctx: {
    fs: unknown;
    serverDistDir: string;
    flushToDisk: boolean;
    maxMemoryCacheSize?: number;
    revalidatedTags: string[];
  });
  get(key: string, ctx: Record<string, unknown>): Promise<{ value: unknown } | null>;
  set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
}
