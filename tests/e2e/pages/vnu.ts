import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import vnuJar from 'vnu-jar';

const run = promisify(execFile);
/** The checker's jar: the package exports its path. */
const VNU_JAR = String(vnuJar);

/**
 * React renders a server action's form with `action=""` before hydration (the page posts to itself,
 * which is how the form works without JavaScript). The checker wants a non-empty URL; the markup is
 * React's, not ours to change.
 */
const REACT_ACTION_FORM = /^Bad value “” for attribute “action” on element “form”/;

/**
 * The HTML errors the Nu Html Checker (vnu) finds in the pages at `paths` as served (before any
 * script runs), by path, one line each; empty when none. One Java run for all of them.
 */
export async function htmlErrors(request: APIRequestContext, paths: string[]): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, await (await request.get(path)).text());
      files.set(file, path);
    }
    const { stdout } = await run(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const found: Record<string, string[]> = {};
    for (const message of (JSON.parse(stdout) as { messages: { url: string; message: string; extract?: string }[] })
      .messages) {
      if (REACT_ACTION_FORM.test(message.message)) continue;
      const path = files.get(message.url.replace(/^file:/, '')) ?? message.url;
      (found[path] ??= []).push(`${message.message} ${message.extract ?? ''}`.trim());
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
