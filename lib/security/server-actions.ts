import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server actions of this build, by id (Next's server reference manifest). Next answers 500 to a
 * POST naming an action it does not have — a made-up id, or a page left open across a new build —
 * so the proxy answers those itself. Read once per process; null where the manifest cannot be read
 * (then Next decides, as before). No server-only: the proxy (Node runtime) bundles it.
 */
let known: ReadonlySet<string> | null | undefined;

function knownActions(): ReadonlySet<string> | null {
  if (known !== undefined) return known;
  try {
    const manifest = JSON.parse(
      readFileSync(
        join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server', 'server-reference-manifest.json'),
        'utf8',
      ),
    ) as {
      node?: Record<string, unknown>;
      edge?: Record<string, unknown>;
    };
    known = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
  } catch {
    known = null;
  }
  return known;
}

/** False for an action id this build does not have; true when it has it or cannot tell. */
export function isKnownServerAction(id: string): boolean {
  return knownActions()?.has(id) ?? true;
}
