/** The `-H` given to `next start` for STOREFRONT_HOST (see the .mjs). */
export declare function nextHost(host: string | undefined): string | undefined;
