/** The storefront's Prometheus figures (see the .mjs). */
import type { Counter, Histogram, Registry } from 'prom-client';

export declare function routeOf(url: string | undefined): string;
export declare function storefrontMetrics(): {
  registry: Registry;
  requests: Histogram<'route' | 'method' | 'status'>;
  pageCache: Counter<'kind' | 'result'>;
};
export declare function countCacheLookup(ctx: { kind?: unknown } | undefined, entry: unknown): void;
