import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What Next and React write for a server action and do not publish: the build's list of actions, the
 * fields of a form posted without JavaScript, the arguments of a call from a hydrated page. The proxy
 * reads them to answer in French what Next would answer with a 500 (decision 0002). They may change with
 * any Next upgrade (one change made the proxy refuse the payment button), so nothing else reads them, and
 * tests/unit/next-action-format.test.ts writes them with the React of the installed Next and reads them
 * back with React's own decoder (decision 0031). No server-only: the proxy (Node runtime) bundles it.
 */

/** The build's server reference manifest: `{ node: { <action id>: … }, edge: { … } }`. */
export const ACTION_MANIFEST = join('server', 'server-reference-manifest.json');

let known: ReadonlySet<string> | null | undefined;

/**
 * The server actions of this build, by id; read once per process. Null when the manifest cannot be read
 * or does not look as expected (then Next decides, as before): a changed layout must not refuse every form.
 */
function knownActions(): ReadonlySet<string> | null {
  if (known !== undefined) return known;
  known = null;
  try {
    const path = resolve(process.cwd(), process.env.NEXT_DIST_DIR || '.next', ACTION_MANIFEST);
    const manifest: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const ids = ['node', 'edge'].flatMap((runtime) => {
      const entries = (manifest as Record<string, unknown> | null)?.[runtime];
      return entries && typeof entries === 'object' && !Array.isArray(entries) ? Object.keys(entries) : [];
    });
    // The shop has actions: a manifest that lists none is not read right.
    if (ids.length > 0) known = new Set(ids);
  } catch {
    // Not built, or not JSON: Next decides.
  }
  return known;
}

/** False for an action id this build does not have (made up, or from a page older than the build); true when it has it or cannot tell. */
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
 * The actions a form posted without JavaScript names, as React's decodeAction reads them, or null when
 * it cannot be one of the shop's forms. `$ACTION_ID_<id>`: a form calling its action. `$ACTION_REF_<p>`:
 * a form whose action has arguments bound (the payment step's form, bound to its state by
 * useActionState): React reads its descriptor `$ACTION_<p>:0`, `{"id": …, "bound": "$@1"}`, and the
 * arguments `$ACTION_<p>:1` in its reply format, so both must be as React writes them, the arguments
 * readable like a text body's; anything else made Next answer 500.
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
