/**
 * Cache tag of shop-API answers kept in Next's memory cache only (a bounded LRU), never on disk:
 * answers whose keys are whatever visitors type, such as searches. Read by the page cache handler
 * (loaded by Next, unbundled) and by the server code that tags its fetches.
 */
export const MEMORY_ONLY_TAG = 'memory-only';
