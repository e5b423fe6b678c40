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

/**
 * Whether a POST names a server action: in the Next-Action header (called from a hydrated page) or in
 * a form field (`$ACTION_ID_…`, `$ACTION_REF_…`: a form posted without JavaScript).
 */
export function namesServerAction(headers: Headers, fieldNames: Iterable<string>): boolean {
  if (headers.has('next-action')) return true;
  for (const name of fieldNames) if (name.startsWith('$ACTION_')) return true;
  return false;
}

/**
 * The actions a form posted without JavaScript names, as Next reads them: `$ACTION_ID_<id>` fields, and
 * for an action with bound arguments (`$ACTION_REF_<n>`) the id in its `$ACTION_<n>:0` descriptor
 * (empty when unreadable, which names no action of this build).
 */
export function formActionIds(form: FormData): string[] {
  const ids: string[] = [];
  for (const name of form.keys()) {
    if (name.startsWith('$ACTION_ID_')) ids.push(name.slice('$ACTION_ID_'.length));
    else if (name.startsWith('$ACTION_REF_')) {
      const descriptor = form.get(`$ACTION_${name.slice('$ACTION_REF_'.length)}:0`);
      ids.push((typeof descriptor === 'string' && descriptor.match(/^\{"id":"([^"]+)"/)?.[1]) || '');
    }
  }
  return ids;
}

/** Next's limit on a server action's body (serverActions.bodySizeLimit, not changed here): past it, Next answers 500. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Whether a server action comes from another site, by Next's own rule: an `Origin` that is present
 * must name the host the request was sent to (the first `X-Forwarded-Host`, else `Host`). Next refuses
 * such a call, but as a 500 with a logged error; "null" (a sandboxed frame, a file) and an unreadable
 * origin are refused too. A call without `Origin` (a hand-made request: it carries no one else's
 * cookies) goes on, as Next lets it.
 */
export function isCrossSiteAction(headers: Headers): boolean {
  const origin = headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  return originHost !== host;
}

/** React's self-contained values in a text reply: an escaped `$`, undefined, NaN, -0, ±Infinity, a Date, a BigInt. */
const SELF_CONTAINED_VALUE = /^\$(?:\$|undefined$|NaN$|-0$|-?Infinity$|D|n-?\d+$)/;

/**
 * Whether the text body of a server action called from a hydrated page is one React can read: the
 * JSON array of the arguments, whose strings starting with `$` are self-contained values. Any other
 * `$` string points at another part of a multipart body, which a text body has not: React fails on it
 * and Next answers 500, as it does to a body that is not JSON. Walked without recursion (deep nesting).
 */
export function isReadableActionText(body: string): boolean {
  let args: unknown;
  try {
    args = JSON.parse(body);
  } catch {
    return false;
  }
  if (!Array.isArray(args)) return false;
  const pending: unknown[] = [args];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.startsWith('$') && !SELF_CONTAINED_VALUE.test(value)) return false;
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) pending.push(item);
    }
  }
  return true;
}
