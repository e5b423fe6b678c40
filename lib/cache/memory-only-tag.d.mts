export declare const MEMORY_ONLY_TAG: 'memory-only';
