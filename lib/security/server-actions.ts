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
 * Whether a form posted without JavaScript names a server action in its fields (`$ACTION_ID_…`,
 * `$ACTION_REF_…`). A call from a hydrated page names it in the Next-Action header instead.
 */
export function formNamesServerAction(fieldNames: Iterable<string>): boolean {
  for (const name of fieldNames) if (name.startsWith('$ACTION_')) return true;
  return false;
}

/**
 * The actions a form posted without JavaScript names, as Next reads them, or null when it cannot be
 * one of the shop's forms. `$ACTION_ID_<id>`: a form calling its action. `$ACTION_REF_<p>`: a form
 * whose action has arguments bound (the payment step's form, bound to its state by useActionState):
 * React reads its descriptor `$ACTION_<p>:0`, `{"id": …, "bound": "$@1"}`, and the arguments
 * `$ACTION_<p>:1` in its reply format, so both must be as React writes them, the arguments readable
 * like a text body's (nothing else to point at); anything else made Next answer 500.
 */
export function formActionIds(form: FormData): string[] | null {
  const ids: string[] = [];
  for (const name of form.keys()) {
    if (name.startsWith('$ACTION_ID_')) ids.push(name.slice('$ACTION_ID_'.length));
    if (!name.startsWith('$ACTION_REF_')) continue;
    const bound = boundActionId(form, name.slice('$ACTION_REF_'.length));
    if (bound === null) return null;
    ids.push(bound);
  }
  return ids;
}

/** The id of the action a `$ACTION_REF_<prefix>` form binds, or null when its fields are not React's. */
function boundActionId(form: FormData, prefix: string): string | null {
  const field = (index: number) => form.get(`$ACTION_${prefix}:${index}`);
  const descriptor = field(0);
  if (typeof descriptor !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(descriptor);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { id, bound, ...rest } = parsed as Record<string, unknown>;
  if (typeof id !== 'string' || Object.keys(rest).length > 0 || field(2) !== null) return null;
  if (bound === null) return field(1) === null ? id : null;
  const args = field(1);
  return bound === '$@1' && typeof args === 'string' && isReadableActionArguments(args, { multipart: false })
    ? id
    : null;
}

/** Next's limit on a server action's body (serverActions.bodySizeLimit, not changed here): past it, Next answers 500. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Whether a server action comes from another site, by Next's own rule made stricter: an `Origin` must
 * name the host the request was sent to — `Host`, or the first `X-Forwarded-Host` only when a proxy
 * is trusted (`forwardedHost`: anyone can write that header). "null" (a sandboxed frame, a file), an
 * empty or unreadable origin are refused (Next fails on them with a 500). A call without `Origin` goes
 * on, as Next lets it (a hand-made request carries no one else's cookies), unless the browser says
 * it comes from another site (`Sec-Fetch-Site`).
 */
export function isCrossSiteAction(headers: Headers, { forwardedHost }: { forwardedHost: boolean }): boolean {
  const origin = headers.get('origin');
  if (origin === null) {
    const site = headers.get('sec-fetch-site');
    return site !== null && site !== 'same-origin' && site !== 'none';
  }
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = (forwardedHost && headers.get('x-forwarded-host')?.split(',')[0]?.trim()) || headers.get('host');
  return originHost !== host?.toLowerCase();
}

/** React's self-contained values in a reply: an escaped `$`, undefined, NaN, -0, ±Infinity, a Date, a BigInt. */
const SELF_CONTAINED_VALUE = /^\$(?:\$|undefined$|NaN$|-0$|-?Infinity$|D|n-?\d+$)/;
/** A FormData argument of a multipart reply: its entries are the parts named `<n>_…`. */
const FORM_DATA_REFERENCE = /^\$K\d+$/;
/** Deeper than any form's values; React reads the arguments recursively and would run out of stack. */
const MAX_ARGUMENT_DEPTH = 32;
/** More than any action of the shop takes (Next refuses over 1 000, as a 500). */
const MAX_ARGUMENTS = 16;

/**
 * Whether the arguments of a server action called from a hydrated page are ones React can read: the
 * JSON array of a text body, or the root part (`0`) of a multipart body, whose strings starting with
 * `$` are self-contained values, or in a multipart body a FormData (`$K<n>`, the shop's forms). Any
 * other `$` string points at a part React would fail to find or to read (a promise, a blob, a map, an
 * outlined object…), and Next answers 500 to it, as to a body that is not JSON, nests too deep or
 * lists more arguments than it allows.
 * Walked without recursion.
 */
export function isReadableActionArguments(root: string, { multipart }: { multipart: boolean }): boolean {
  let args: unknown;
  try {
    args = JSON.parse(root);
  } catch {
    return false;
  }
  if (!Array.isArray(args) || args.length > MAX_ARGUMENTS) return false;
  const pending: [unknown, number][] = [[args, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string') {
      if (value.startsWith('$') && !SELF_CONTAINED_VALUE.test(value) && !(multipart && FORM_DATA_REFERENCE.test(value)))
        return false;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_ARGUMENT_DEPTH) return false;
      for (const item of Object.values(value)) pending.push([item, depth + 1]);
    }
  }
  return true;
}
