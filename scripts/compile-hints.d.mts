/** Types of compile-hints.mjs (plain JavaScript so that npm start runs it without a build step). */
export declare const COMPILE_HINT: string;
export declare function addCompileHints(distDir: string): number;
