import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from '../../scripts/compile-hints.mjs';

describe('compile hints on the browser chunks', () => {
  it('puts the hint first in every script chunk once, and leaves other files alone', () => {
    const dist = mkdtempSync(join(tmpdir(), 'hints-'));
    const chunks = join(dist, 'static', 'chunks');
    mkdirSync(join(chunks, 'app'), { recursive: true });
    writeFileSync(join(chunks, 'a.js'), 'console.log(1);');
    writeFileSync(join(chunks, 'app', 'b.js'), '(()=>{})();');
    writeFileSync(join(chunks, 'c.css'), 'body{}');

    expect(addCompileHints(dist)).toBe(2);
    // The exact magic comment V8 reads (a line of its own, first in the file).
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(readFileSync(join(chunks, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}console.log(1);`);
    expect(readFileSync(join(chunks, 'app', 'b.js'), 'utf8')).toBe(`${COMPILE_HINT}(()=>{})();`);
    expect(readFileSync(join(chunks, 'c.css'), 'utf8')).toBe('body{}');

    // A second pass (npm start after a build) changes nothing.
    expect(addCompileHints(dist)).toBe(0);
    expect(readFileSync(join(chunks, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}console.log(1);`);
  });

  it('does nothing without a build', () => {
    expect(addCompileHints(join(tmpdir(), 'no-build-here'))).toBe(0);
  });
});
