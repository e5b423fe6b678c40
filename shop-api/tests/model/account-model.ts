/**
 * Model-based test of the account promises of decisions 0026 and 0027. Two people want the same e-mail
 * address E: its **owner**, who reads E's mailbox (password P_owner, then whatever a reset sets), and a
 * **stranger** (password P_stranger, other names), who never reads it. Each acts from an address of
 * their own (one IP each, fresh for every sequence, so that no two sequences share a rate-limit
 * counter), over the real routes (`app.inject`), in random order: registering E, following a link of
 * E's mailbox (the owner) or one of the stranger's own mailbox or a guessed one (the stranger), asking
 * a new link or a reset, resetting the password, signing in, adding, editing and choosing the default
 * delivery address of the account's book, and time passing on the shop's clock (past the access
 * tokens', the reset links' and the confirmation links' lives too). The stranger may also learn the
 * owner's current password (a leak: phishing, a reused password) and sign in with it later, or every
 * password the owner sets (a keylogger on the owner's computer), so that what a reset undoes (A3) is
 * someone else's doing. Sequences start from no account of E (every command drawn), or from the
 * owner's confirmed account with the stranger's keylogger (the address book and resets drawn most).
 * After every step the database and the API are checked against the invariants:
 *
 *  A1  once E's account is confirmed, its first and last names are those of one of the owner's
 *      registrations, never the stranger's, and P_stranger never signs it in (nor is its password);
 *      it is confirmed only by the owner following a link of E's mailbox with the owner's password;
 *  A2  once confirmed, the owner's current password (the registration's, or the latest reset's) is
 *      the account's and signs the owner in; an older one no longer signs anyone in;
 *  A3  after the owner's reset, every address added or edited since the mailbox was last proven, and
 *      every address the stranger added or saved (since the owner last saved it or made it the
 *      default), is to review (`toReview`), is not the default (`defaultAddress`), and would not be
 *      preselected at checkout (the default, else the first address not to review: the checkout's
 *      address step), until the owner saves it or makes it the default (an address to review is made
 *      the default only once kept: refused before);
 *  A4  the owner is never prevented from getting in: the owner's own mails (registration, new link,
 *      reset) leave while the owner's own allowance lasts (3 an hour from its address), whatever the
 *      stranger did from one address; a live link of the mailbox with the owner's password is refused
 *      only when no live registration carries that password, and never with the owner's names too
 *      (the link then makes the account, decision 0028); and each sequence ends with the owner
 *      recovering from its own address (signing in, or following a link already in the mailbox,
 *      registering again, asking a link, asking a reset, then signing in) and signed in to E under its
 *      own names, unless the owner itself used up its allowances;
 *  A5  no answer is a 5xx and no mail or background task fails; E never has more than
 *      REGISTRATIONS_KEPT live registrations.
 *
 * The rate limits count real time (not the shop's clock): within a sequence, no hourly allowance
 * comes back. fast-check draws the sequences and shrinks a failing one to the shortest it can find.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJwtService } from '../../src/auth/jwt.js';
import { verifyPassword } from '../../src/auth/passwords.js';
import { REGISTRATIONS_KEPT } from '../../src/domain/customer-rules.js';
import { tokenDigest } from '../../src/domain/secrets.js';
import { createMailer, type Mailer } from '../../src/mail/mailer.js';
import { readOutbox, type OutboxMail } from '../../src/mail/outbox.js';
import { startTestShop, type Backend, type TestShop } from '../helpers/backends.js';
import type { Json } from '../helpers/call.js';
import { storeSession } from '../helpers/sessions.js';

const API = '/api/v2/shop';
const SITE = 'https://boutique.test';
const VERIFY = `${SITE}/verification/`;
const RESET = `${SITE}/mot-de-passe-oublie/`;
const OWNER_PASSWORD = 'mot-de-passe-de-la-proprietaire';
const STRANGER_PASSWORD = 'mot-de-passe-de-l-intrus';
const CHECKER_IP = '127.0.0.1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The links' lives (domain/secrets.ts): reset links 2 hours, access tokens 1 hour. */
const RESET_TTL_MS = 2 * HOUR;
const ACCESS_TTL_S = 3600;
/** The owner's names at each registration; the stranger's, all different. */
const OWNER_NAMES = [
  { firstName: 'Lucie', lastName: 'Durand' },
  { firstName: 'Lucie', lastName: 'Durand-Morel' },
  { firstName: 'Lucie-Anne', lastName: 'Durand' },
];
const STRANGER_NAMES = [
  { firstName: 'Pirate', lastName: 'Inconnu' },
  { firstName: 'Marc', lastName: 'Lefèvre' },
  { firstName: 'Lucien', lastName: 'Durant' },
];
/** Delivery addresses either may type (every field given, so an edit to the same one changes nothing). */
const PLACES = [
  { firstName: 'Lucie', lastName: 'Durand', street: '12 rue des Forges', city: 'Douai', postcode: '59500' },
  { firstName: 'Lucie', lastName: 'Durand', street: '3 place du Marché', city: 'Lens', postcode: '62300' },
  {
    firstName: 'Paul',
    lastName: 'Inconnu',
    street: '99 boulevard du Receleur',
    city: 'Saint-Denis',
    postcode: '93200',
  },
].map((place) => ({ ...place, countryCode: 'FR', phoneNumber: '0612345678' }));
/** Time passing on the shop's clock: a while, past the access tokens, past the reset links, past the confirmation links. */
const WAITS = [10 * MINUTE, 59 * MINUTE, 61 * MINUTE, 2 * HOUR + 30 * MINUTE, 49 * HOUR];
/** The allowances the model counts (shop-api/src/http/rate-limits.ts), per hour of real time. */
const PER_EMAIL_AND_ADDRESS = 3;
const REGISTRATIONS_PER_ADDRESS = 10;
const PASSWORD_CHECKS_PER_ACCOUNT = 8;
const SIGN_IN_FAILURES_PER_PAIR = 8;
const SIGN_IN_FAILURES_PER_ADDRESS = 20;

type Who = 'owner' | 'stranger';

interface Session {
  token: string;
  /** Seconds, as the access token's `iat`. */
  issuedAt: number;
}

interface Actor {
  ip: string;
  session: Session | null;
  /** Requests counted against this actor's own allowances (each counted even when refused). */
  registrations: number;
  notices: number;
  linkAsks: number;
  resetAsks: number;
  /** Failed sign-ins since the mailbox was last proven (the pair's counter), and in all. */
  failures: number;
  allFailures: number;
}

interface Place {
  id: number;
  /** Index in PLACES of what it says now. */
  place: number;
  addedBy: Who;
  /** Added, or a field changed, since the mailbox was last proven. */
  changed: boolean;
  /** The model's step of the owner's last save or choice as default (its creation by the owner too), and of the stranger's last add or save. */
  ownerEndorsed: number;
  strangerTouched: number;
}

interface ResetLink {
  token: string;
  issuedAt: number;
  spent: boolean;
}

/** What the commands know of one sequence's world, and what it reached. */
interface Model {
  email: string;
  /** The stranger's own mailbox (a registration of its own gives it real links). */
  strangerEmail: string;
  outbox: string;
  /** The outbox's mails read so far, newest first. */
  mails: OutboxMail[];
  owner: Actor;
  stranger: Actor;
  ownerPassword: string;
  /** The names of the owner's registrations answered 204 (« first last »). */
  ownerNames: Set<string>;
  /** The owner's password the stranger learnt, if any (it may be an old one by now). */
  leaked: string | null;
  /** The stranger learns every password the owner sets (a keylogger on the owner's computer). */
  keylogger: boolean;
  confirmed: boolean;
  customerId: number | null;
  /** The owner's checks of a password with a live link (8 per 10 minutes per account). */
  passwordChecks: number;
  places: Map<number, Place>;
  /** Addresses A3 guards since the owner's last reset. */
  suspects: Set<number>;
  resetLinks: ResetLink[];
  checker: string | null;
  /** In the final recovery (not counted as reached by the sequence). */
  recovering: boolean;
  steps: number;
  trace: string[];
  reached: Reached;
}

interface Reached {
  confirmed: number;
  /** Confirmations while a registration of the stranger lived (the race A1 is about). */
  contested: number;
  resets: number;
  suspects: number;
  strangerSessions: number;
  strangerAddresses: number;
  refusedPassword: number;
  recoveredBy: Record<string, number>;
  notOwed: number;
}

interface World {
  shop: TestShop;
  clock: { now: Date };
  jwt: ReturnType<typeof createJwtService>;
  /** Where the shop's mails go: the running sequence's own outbox. */
  mail: { current: Mailer };
  /** Errors the shop logged (a failed background task, a 5xx). */
  logged: string[];
  verified: Map<string, boolean>;
  /** The password each hash the model saw made was made from (salted: no two alike). */
  hashes: Map<string, string>;
}

class InvariantViolation extends Error {}

type Fail = (message: string) => never;

const nameOf = (names: { firstName: string; lastName: string }) => `${names.firstName} ${names.lastName}`;
const nowSeconds = (world: World) => Math.floor(world.clock.now.getTime() / 1000);
const live = (world: World, session: Session | null) =>
  session !== null && nowSeconds(world) < session.issuedAt + ACCESS_TTL_S;

async function call(
  world: World,
  model: Model,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip: string },
) {
  const response = await world.shop.app.inject({
    method: method as 'GET',
    url,
    headers: {
      accept: 'application/ld+json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    remoteAddress: options.ip,
  });
  // Mails leave after the answer: the model reads the mailbox as if they left with it.
  await world.shop.app.backgroundTasks.idle();
  model.trace.push(`    ${method} ${url.replace(API, '')} → ${response.statusCode}`);
  if (response.statusCode >= 500)
    throw new InvariantViolation(
      `A5: ${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}\n${model.trace.join('\n')}`,
    );
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Json };
}

const rows = async <T = Json>(world: World, query: ReturnType<typeof sql>) =>
  ((await world.shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Whether `password` is the one of `hash`. argon2 checks are slow: a hash the model saw made (a
 * registration's, a reset's) is known by its salted string, and any other one is checked once.
 */
async function verifies(world: World, hash: string, password: string) {
  const made = world.hashes.get(hash);
  if (made !== undefined) return made === password;
  const key = `${hash}\n${password}`;
  let known = world.verified.get(key);
  if (known === undefined) {
    known = await verifyPassword(hash, password);
    world.verified.set(key, known);
  }
  return known;
}

async function accountOf(world: World, email: string) {
  const [row] = await rows(
    world,
    sql`SELECT id, first_name, last_name, password_hash, verified_at, default_address_id FROM customers WHERE email = ${email}`,
  );
  return row ?? null;
}

async function liveRegistrations(world: World, customerId: number) {
  return rows(
    world,
    sql`SELECT id, first_name, last_name, password_hash, token_hash FROM registrations
      WHERE customer_id = ${customerId} AND expires_at > ${world.clock.now}`,
  );
}

/** Whether a live registration of the account carries the owner's registration password. */
async function ownerRegistrationLives(world: World, customerId: number | null) {
  if (customerId === null) return false;
  for (const row of await liveRegistrations(world, customerId))
    if (await verifies(world, row.password_hash, OWNER_PASSWORD)) return true;
  return false;
}

/** Whether `token` is a live confirmation link of an unconfirmed account (what the shop checks first). */
async function linkAlive(world: World, token: string) {
  const found = await rows(
    world,
    sql`SELECT r.id FROM registrations r JOIN customers c ON c.id = r.customer_id
      WHERE r.token_hash = ${tokenDigest(token)} AND r.expires_at > ${world.clock.now}
        AND c.verified_at IS NULL AND c.erased_at IS NULL`,
  );
  return found.length > 0;
}

/** The mails to `to`, newest first (each mail of the outbox read once). */
async function mailbox(model: Model, to: string): Promise<OutboxMail[]> {
  const files = readdirSync(model.outbox).filter((name) => name.endsWith('.eml')).length;
  if (files > model.mails.length) model.mails.unshift(...(await readOutbox(model.outbox, files - model.mails.length)));
  return model.mails.filter((mail) => mail.to === to);
}

const linksIn = (mails: OutboxMail[], prefix: string) =>
  mails
    .flatMap((mail) => mail.links)
    .filter((link) => link.startsWith(prefix) && link.length > prefix.length)
    .map((link) => link.slice(prefix.length));

type Cmd = fc.AsyncCommand<Model, World>;

function command(label: string, run: (model: Model, world: World, fail: Fail) => Promise<void>): Cmd {
  return {
    check: () => true,
    async run(model, world) {
      // Real time passes between two people's actions: a second on the shop's clock.
      world.clock.now = new Date(world.clock.now.getTime() + 1000);
      model.steps += 1;
      model.trace.push(`  ${label}`);
      await run(model, world, failer(model, label));
      await checkInvariants(model, world, label);
    },
    toString: () => label,
  };
}

function failer(model: Model, after: string): Fail {
  return (message: string) => {
    throw new InvariantViolation(`${message} (after ${after})\n${model.trace.join('\n')}`);
  };
}

/** A registration of E by `who`: the owner's own mail always leaves while its allowance lasts (A4). */
async function registerE(model: Model, world: World, fail: Fail, who: Who, names: (typeof OWNER_NAMES)[number]) {
  const actor = model[who];
  const before = await accountOf(world, model.email);
  const mails = (await mailbox(model, model.email)).length;
  const answer = await call(world, model, 'POST', `${API}/customers`, {
    body: {
      ...names,
      email: model.email,
      password: who === 'owner' ? OWNER_PASSWORD : STRANGER_PASSWORD,
      subscribedToNewsletter: false,
    },
    ip: actor.ip,
  });
  actor.registrations += 1;
  if (answer.status === 429) {
    if (who === 'owner' && actor.registrations <= REGISTRATIONS_PER_ADDRESS)
      fail(`A4: the owner's registration ${actor.registrations} of the hour was refused (429)`);
    return;
  }
  if (answer.status !== 204) fail(`${who}'s registration answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const account = await accountOf(world, model.email);
  const made = account
    ? (await liveRegistrations(world, account.id)).filter((row) => !world.hashes.has(row.password_hash))
    : [];
  if (made.length > 1) fail(`one registration made ${made.length} registrations`);
  for (const row of made) world.hashes.set(row.password_hash, who === 'owner' ? OWNER_PASSWORD : STRANGER_PASSWORD);
  let mayMail = true;
  if (before) {
    mayMail = actor.notices < PER_EMAIL_AND_ADDRESS;
    actor.notices += 1;
  }
  if (who === 'stranger') return;
  model.ownerNames.add(nameOf(names));
  const sent = (await mailbox(model, model.email)).length - mails;
  if (sent !== (mayMail ? 1 : 0))
    fail(
      `A4: the owner's registration (notice ${actor.notices} of the hour) mailed ${sent} mails, not ${mayMail ? 1 : 0}`,
    );
}

/** A new link (or a reset) asked for E by `who`; the owner's own mail always leaves (A4). */
async function ask(model: Model, world: World, fail: Fail, who: Who, kind: 'link' | 'reset') {
  const actor = model[who];
  const account = await accountOf(world, model.email);
  const waiting = account && !account.verified_at ? (await liveRegistrations(world, account.id)).length > 0 : false;
  const mailsBefore = await mailbox(model, model.email);
  const answer = await call(
    world,
    model,
    'POST',
    kind === 'link' ? `${API}/account-verification-requests` : `${API}/customers/reset-password`,
    { body: { email: model.email }, ip: actor.ip },
  );
  const asked = kind === 'link' ? ++actor.linkAsks : ++actor.resetAsks;
  if (answer.status === 429) {
    if (asked <= PER_EMAIL_AND_ADDRESS)
      fail(`${who === 'owner' ? 'A4: ' : ''}${who}'s ${kind} request ${asked} of the hour was refused (429)`);
    return;
  }
  if (answer.status !== 202) fail(`${who}'s ${kind} request answered ${answer.status}`);
  const mails = await mailbox(model, model.email);
  const fresh = mails.slice(0, mails.length - mailsBefore.length);
  // A reset link per reset mail; each one replaces the last (the account keeps one reset link).
  for (const token of linksIn(fresh, RESET).reverse())
    model.resetLinks.push({ token, issuedAt: world.clock.now.getTime(), spent: false });
  if (who === 'stranger') return;
  // A confirmed account gets a reset link; an unconfirmed one with a live registration a new confirmation link.
  const expected = account?.verified_at ? (kind === 'reset' ? 1 : 0) : waiting ? 1 : 0;
  if (fresh.length !== expected)
    fail(`A4: the owner's ${kind} request ${asked} of the hour mailed ${fresh.length} mails, not ${expected}`);
}

/**
 * The owner follows a link of E's mailbox with the registration's password, and with its names when
 * `names` is given (the page's « Vous ne retrouvez pas le mot de passe ? »: the link then makes the
 * account with them when no registration has the password, decision 0028).
 */
async function ownerConfirms(
  model: Model,
  world: World,
  fail: Fail,
  token: string,
  names?: (typeof OWNER_NAMES)[number],
): Promise<number> {
  const alive = await linkAlive(world, token);
  const carried = await ownerRegistrationLives(world, model.customerId);
  let contested = false;
  if (model.customerId !== null)
    for (const row of await liveRegistrations(world, model.customerId))
      contested ||= await verifies(world, row.password_hash, STRANGER_PASSWORD);
  const answer = await call(world, model, 'PATCH', `${API}/account-verification-requests/${token}`, {
    body: { password: OWNER_PASSWORD, ...names },
    ip: model.owner.ip,
  });
  if (alive) model.passwordChecks += 1;
  // Typed on the link's page, the names are the owner's registration too, if the account is made with them.
  if (names && answer.status === 202 && !carried) model.ownerNames.add(nameOf(names));
  switch (answer.status) {
    case 202:
      if (!alive) fail('a dead link confirmed the account');
      if (model.confirmed) fail('the account was confirmed twice');
      model.confirmed = true;
      if (!model.recovering) model.reached.confirmed += 1;
      if (contested) model.reached.contested += 1;
      mailboxProven(model);
      break;
    case 404:
      if (alive) fail('A4: a live link of the mailbox answered 404 to the owner');
      break;
    case 422:
      model.reached.refusedPassword += 1;
      if (carried) fail('A4: the owner’s password was refused with a live link, yet a live registration carries it');
      if (names) fail('A4: the owner’s password and names were refused with a live link');
      break;
    case 429:
      if (model.passwordChecks <= PASSWORD_CHECKS_PER_ACCOUNT)
        fail(`A4: the owner's password check ${model.passwordChecks} was refused (429)`);
      break;
    default:
      fail(`the owner's confirmation answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.status;
}

/** A confirmation or a reset proved the mailbox: the sign-in counters naming the e-mail start again. */
function mailboxProven(model: Model) {
  for (const place of model.places.values()) place.changed = false;
  model.owner.failures = 0;
  model.stranger.failures = 0;
}

/** The owner asks a reset (when its allowance lasts) and follows the newest reset link of the mailbox. */
async function ownerResets(model: Model, world: World, fail: Fail, password: string): Promise<boolean> {
  if (model.owner.resetAsks < PER_EMAIL_AND_ADDRESS) await ask(model, world, fail, 'owner', 'reset');
  const newest = model.resetLinks.at(-1);
  if (!newest) return false;
  const works = !newest.spent && world.clock.now.getTime() < newest.issuedAt + RESET_TTL_MS;
  const answer = await call(world, model, 'PATCH', `${API}/customers/reset-password/${newest.token}`, {
    body: { newPassword: password, confirmNewPassword: password },
    ip: model.owner.ip,
  });
  if (answer.status === 404) {
    if (works) fail('A4: the newest reset link of the mailbox answered 404');
    return false;
  }
  if (answer.status !== 202) fail(`the owner's reset answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (!works) fail('a spent or expired reset link set a password');
  newest.spent = true;
  model.ownerPassword = password;
  if (model.keylogger) model.leaked = password;
  const account = await accountOf(world, model.email);
  if (account && (await verifyPassword(account.password_hash, password)))
    world.hashes.set(account.password_hash, password);
  model.owner.session = null;
  model.stranger.session = null;
  model.reached.resets += 1;
  for (const place of model.places.values())
    if (place.changed || place.strangerTouched > place.ownerEndorsed) model.suspects.add(place.id);
  model.reached.suspects += model.suspects.size;
  mailboxProven(model);
  return true;
}

/** The owner signs in with its current password: once confirmed, always (A2), as the owner (A1). */
async function ownerSignsIn(model: Model, world: World, fail: Fail) {
  const answer = await call(world, model, 'POST', `${API}/authentication-token`, {
    body: { email: model.email, password: model.ownerPassword },
    ip: model.owner.ip,
  });
  if (!model.confirmed) {
    if (answer.status === 200) fail('A1: a password signed in to an account not confirmed');
    model.owner.failures += 1;
    model.owner.allFailures += 1;
    if (answer.status === 429 && model.owner.failures > SIGN_IN_FAILURES_PER_PAIR) return;
    if (answer.status !== 401) fail(`the owner's sign-in to an unconfirmed account answered ${answer.status}`);
    return;
  }
  if (answer.status !== 200) fail(`A2: the owner's current password answered ${answer.status}`);
  model.owner.session = { token: answer.body.token, issuedAt: nowSeconds(world) };
  const me = await call(world, model, 'GET', answer.body.customer, { token: answer.body.token, ip: model.owner.ip });
  if (!model.ownerNames.has(nameOf(me.body as { firstName: string; lastName: string })))
    fail(`A1: the owner signed in to an account named ${me.body.firstName} ${me.body.lastName}`);
}

/** The stranger signs in with its own password, or with the owner's password it learnt. */
async function strangerSignsIn(model: Model, world: World, fail: Fail, password: string) {
  const actor = model.stranger;
  const answer = await call(world, model, 'POST', `${API}/authentication-token`, {
    body: { email: model.email, password },
    ip: actor.ip,
  });
  const expected = model.confirmed && password === model.ownerPassword ? 200 : 401;
  const limited = actor.failures >= SIGN_IN_FAILURES_PER_PAIR || actor.allFailures >= SIGN_IN_FAILURES_PER_ADDRESS;
  if (answer.status === 429 && limited) return;
  if (answer.status !== expected) {
    if (password === STRANGER_PASSWORD) fail(`A1: the stranger's own password answered ${answer.status}`);
    fail(`A2: the owner's ${password === model.ownerPassword ? 'current' : 'old'} password answered ${answer.status}`);
  }
  if (answer.status === 200) {
    actor.session = { token: answer.body.token, issuedAt: nowSeconds(world) };
    model.reached.strangerSessions += 1;
  } else {
    actor.failures += 1;
    actor.allFailures += 1;
  }
}

/**
 * Adds a place to the book, or edits (to a place), saves as it is (« C’est bien mon adresse ») or
 * chooses as default the book's address `pick` (modulo its size), as whoever `who` is signed in as.
 */
async function addressOp(
  model: Model,
  world: World,
  fail: Fail,
  who: Who,
  op: 'add' | 'edit' | 'save' | 'default',
  pick: number,
  place: number,
) {
  const actor = model[who];
  // Whoever is not signed in signs in first, if their password signs in: the owner with its current
  // one, the stranger with the owner's it learnt (else its own).
  if (!live(world, actor.session)) {
    if (who === 'owner') await ownerSignsIn(model, world, fail);
    else await strangerSignsIn(model, world, fail, model.leaked ?? STRANGER_PASSWORD);
  }
  if (!live(world, actor.session)) {
    // Still not signed in: refused cleanly.
    const answer = await call(world, model, 'POST', `${API}/addresses`, { body: PLACES[place], ip: actor.ip });
    if (answer.status !== 401) fail(`an address added without a session answered ${answer.status}`);
    return;
  }
  const token = actor.session!.token;
  const ids = [...model.places.keys()].sort((a, b) => a - b);
  const target = ids.length > 0 ? model.places.get(ids[pick % ids.length]!)! : null;
  const step = model.steps;
  if (op !== 'add' && !target) {
    // Nothing to edit or choose: an address that is not theirs is refused cleanly.
    const answer = await call(world, model, 'PUT', `${API}/addresses/999999999`, {
      body: PLACES[place],
      token,
      ip: actor.ip,
    });
    if (answer.status !== 404) fail(`an unknown address answered ${answer.status}`);
    return;
  }
  if (op === 'add' || !target) {
    const answer = await call(world, model, 'POST', `${API}/addresses`, { body: PLACES[place], token, ip: actor.ip });
    if (answer.status !== 201) fail(`${who}'s address answered ${answer.status} with a live session`);
    model.places.set(answer.body.id, {
      id: answer.body.id,
      place,
      addedBy: who,
      changed: true,
      ownerEndorsed: who === 'owner' ? step : -1,
      strangerTouched: who === 'stranger' ? step : -1,
    });
    if (who === 'stranger') model.reached.strangerAddresses += 1;
    return;
  }
  if (op === 'save') place = target.place;
  if (op === 'default') {
    // An address to review becomes the default only once kept (« C’est bien mon adresse »): refused, nothing changes.
    const current = await call(world, model, 'GET', `${API}/addresses/${target.id}`, { token, ip: actor.ip });
    if (current.status !== 200) fail(`${who}'s read of address ${target.id} answered ${current.status}`);
    if (current.body.toReview) {
      const refused = await call(world, model, 'PUT', `${API}/customers/${model.customerId}`, {
        body: { defaultAddress: `${API}/addresses/${target.id}` },
        token,
        ip: actor.ip,
      });
      if (refused.status !== 422)
        fail(`${who}'s default of address ${target.id}, to review, answered ${refused.status} (not 422)`);
      return;
    }
  }
  const answer =
    op !== 'default'
      ? await call(world, model, 'PUT', `${API}/addresses/${target.id}`, { body: PLACES[place], token, ip: actor.ip })
      : await call(world, model, 'PUT', `${API}/customers/${model.customerId}`, {
          body: { defaultAddress: `${API}/addresses/${target.id}` },
          token,
          ip: actor.ip,
        });
  if (answer.status !== 200)
    fail(`${who}'s ${op} of address ${target.id} answered ${answer.status} with a live session`);
  if (op !== 'default') {
    target.changed ||= target.place !== place;
    target.place = place;
  }
  // What either does after the owner's reset is judged at the next one.
  model.suspects.delete(target.id);
  if (who === 'owner') target.ownerEndorsed = step;
  else if (op !== 'default') target.strangerTouched = step;
}

/** How often each command is drawn: from no account (all of them), and against a stranger with a keylogger (what a reset undoes). */
const WEIGHTS = {
  nothing: {
    strangerRegisters: 4,
    ownerRegisters: 4,
    ownerFollowsLink: 6,
    strangerFollowsLink: 1,
    strangerRegistersOwn: 1,
    asksLink: 2,
    strangerAsksReset: 1,
    ownerResets: 2,
    ownerAddress: 2,
    strangerAddress: 2,
    ownerSignsIn: 2,
    strangerSignsIn: 2,
    strangerLearns: 2,
    wait: 2,
  },
  keylogger: {
    strangerRegisters: 1,
    ownerRegisters: 0,
    ownerFollowsLink: 0,
    strangerFollowsLink: 0,
    strangerRegistersOwn: 0,
    asksLink: 0,
    strangerAsksReset: 1,
    ownerResets: 6,
    ownerAddress: 3,
    strangerAddress: 10,
    ownerSignsIn: 1,
    strangerSignsIn: 1,
    strangerLearns: 0,
    wait: 1,
  },
};

/** Every command the owner, the stranger and time can issue. */
function commandArbitrary(weights: (typeof WEIGHTS)[keyof typeof WEIGHTS]): fc.Arbitrary<Cmd> {
  const names = fc.integer({ min: 0, max: OWNER_NAMES.length - 1 });
  const pick = fc.nat(20);
  const place = fc.integer({ min: 0, max: PLACES.length - 1 });
  const who = fc.constantFrom<Who>('owner', 'stranger');
  const drawn: fc.WeightedArbitrary<Cmd>[] = [
    {
      weight: weights.strangerRegisters,
      arbitrary: names.map((k) =>
        command(`stranger registers E as ${nameOf(STRANGER_NAMES[k]!)}`, (m, w, fail) =>
          registerE(m, w, fail, 'stranger', STRANGER_NAMES[k]!),
        ),
      ),
    },
    {
      weight: weights.ownerRegisters,
      arbitrary: names.map((k) =>
        command(`owner registers E as ${nameOf(OWNER_NAMES[k]!)}`, (m, w, fail) =>
          registerE(m, w, fail, 'owner', OWNER_NAMES[k]!),
        ),
      ),
    },
    {
      weight: weights.ownerFollowsLink,
      arbitrary: fc.tuple(pick, fc.option(names, { freq: 3 })).map(([k, n]) =>
        command(
          `owner follows link ${k} of E's mailbox${n === null ? '' : ` with its names ${nameOf(OWNER_NAMES[n]!)}`}`,
          async (m, w, fail) => {
            const links = linksIn(await mailbox(m, m.email), VERIFY);
            if (links.length > 0)
              await ownerConfirms(m, w, fail, links[k % links.length]!, n === null ? undefined : OWNER_NAMES[n]);
          },
        ),
      ),
    },
    {
      weight: weights.strangerFollowsLink,
      arbitrary: fc.tuple(pick, fc.boolean()).map(([k, own]) =>
        command(`stranger follows ${own ? `link ${k} of its own mailbox` : 'a guessed link'}`, async (m, w, fail) => {
          const links = own ? linksIn(await mailbox(m, m.strangerEmail), VERIFY) : [];
          const token = links.length > 0 ? links[k % links.length]! : `devine-${k}-${'x'.repeat(32)}`;
          const answer = await call(w, m, 'PATCH', `${API}/account-verification-requests/${token}`, {
            body: { password: STRANGER_PASSWORD, ...STRANGER_NAMES[k % STRANGER_NAMES.length] },
            ip: m.stranger.ip,
          });
          if (![202, 404, 422, 429].includes(answer.status)) fail(`the stranger's link answered ${answer.status}`);
        }),
      ),
    },
    {
      weight: weights.strangerRegistersOwn,
      arbitrary: names.map((k) =>
        command(`stranger registers its own mailbox`, async (m, w, fail) => {
          const answer = await call(w, m, 'POST', `${API}/customers`, {
            body: { ...STRANGER_NAMES[k]!, email: m.strangerEmail, password: STRANGER_PASSWORD },
            ip: m.stranger.ip,
          });
          m.stranger.registrations += 1;
          if (answer.status !== 204 && answer.status !== 429) fail(`answered ${answer.status}`);
        }),
      ),
    },
    {
      weight: weights.asksLink,
      arbitrary: who.map((w) =>
        command(`${w} asks a new link for E`, (m, world, fail) => ask(m, world, fail, w, 'link')),
      ),
    },
    {
      weight: weights.strangerAsksReset,
      arbitrary: fc.constant(
        command('stranger asks a reset for E', (m, world, fail) => ask(m, world, fail, 'stranger', 'reset')),
      ),
    },
    {
      weight: weights.ownerResets,
      arbitrary: fc.nat(99).map((k) =>
        command(`owner resets the password (${k})`, async (m, w, fail) => {
          await ownerResets(m, w, fail, `nouveau-${k}-${m.steps}-2026`);
        }),
      ),
    },
    ...(['owner', 'stranger'] as const).map((w) => ({
      weight: w === 'owner' ? weights.ownerAddress : weights.strangerAddress,
      arbitrary: fc
        .tuple(fc.constantFrom('add' as const, 'edit' as const, 'save' as const, 'default' as const), pick, place)
        .map(([op, k, p]) =>
          command(
            `${w} ${
              {
                add: `adds place ${p}`,
                edit: `edits book address ${k} to place ${p}`,
                save: `saves book address ${k} as it is`,
                default: `makes book address ${k} the default`,
              }[op]
            }`,
            (m, world, fail) => addressOp(m, world, fail, w, op, k, p),
          ),
        ),
    })),
    {
      weight: weights.ownerSignsIn,
      arbitrary: fc.constant(command('owner signs in', (m, w, fail) => ownerSignsIn(m, w, fail))),
    },
    {
      weight: weights.strangerSignsIn,
      arbitrary: fc.constant(
        command('stranger signs in with its password', (m, w, fail) => strangerSignsIn(m, w, fail, STRANGER_PASSWORD)),
      ),
    },
    {
      weight: weights.strangerLearns,
      arbitrary: fc.constantFrom('old' as const, 'current' as const, 'every' as const).map((leak) =>
        command(
          {
            old: 'stranger signs in with the password it learnt',
            current: 'stranger learns the owner’s current password, signs in with it',
            every: 'stranger learns every password the owner sets from now on (a keylogger), signs in',
          }[leak],
          async (m, w, fail) => {
            if (leak !== 'old') m.leaked = m.ownerPassword;
            if (leak === 'every') m.keylogger = true;
            if (m.leaked !== null) await strangerSignsIn(m, w, fail, m.leaked);
          },
        ),
      ),
    },
    {
      weight: weights.wait,
      arbitrary: fc.integer({ min: 0, max: WAITS.length - 1 }).map((k) =>
        command(`${WAITS[k]! / MINUTE} minutes pass`, async (_m, w) => {
          w.clock.now = new Date(w.clock.now.getTime() + WAITS[k]!);
        }),
      ),
    },
  ];
  return fc.oneof(...drawn.filter((entry) => entry.weight > 0));
}

/** Checks A1–A5 against the database and the API; throws an InvariantViolation naming the broken one. */
async function checkInvariants(model: Model, world: World, after: string) {
  const fail = failer(model, after);
  if (world.logged.length > 0) fail(`A5: the shop logged an error: ${world.logged.join('\n').slice(0, 500)}`);
  const account = await accountOf(world, model.email);
  if (!account) {
    if (model.customerId !== null) fail('the account of E disappeared');
    return;
  }
  model.customerId ??= account.id as number;
  if (account.id !== model.customerId) fail('the account of E was replaced');
  const registrations = await liveRegistrations(world, account.id);
  if (registrations.length > REGISTRATIONS_KEPT)
    fail(`A5: E has ${registrations.length} live registrations (at most ${REGISTRATIONS_KEPT})`);
  const confirmed = account.verified_at !== null;
  if (confirmed && !model.confirmed)
    fail('A1: E’s account was confirmed without the owner following a link with its password');
  if (!confirmed && model.confirmed) fail('E’s account is no longer confirmed');
  if (!confirmed) return;
  const named = `${account.first_name} ${account.last_name}`;
  if (!model.ownerNames.has(named)) fail(`A1: the confirmed account is named ${named}, not as the owner registered`);
  if (await verifies(world, account.password_hash, STRANGER_PASSWORD))
    fail('A1: the stranger’s password is the confirmed account’s');
  if (!(await verifies(world, account.password_hash, model.ownerPassword)))
    fail('A2: the owner’s current password is not the account’s');
  await checkA3(model, world, fail, account);
}

/** A3 from the database, then from the API (the address book's `toReview`, the customer's `defaultAddress`). */
async function checkA3(model: Model, world: World, fail: Fail, account: Json) {
  const book = await rows(
    world,
    sql`SELECT id, to_review FROM addresses WHERE customer_id = ${account.id} ORDER BY id`,
  );
  judge(
    'database',
    book.map((row) => ({ id: row.id as number, toReview: row.to_review as boolean })),
    account.default_address_id,
  );
  // The API as the storefront reads it, with a session of its own (a reset ends it: another one then).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    model.checker ??= await storeSession(world.shop.database.db, account.id);
    const token = await world.jwt.sign({ customerId: account.id, email: model.email, session: model.checker });
    const addresses = await world.shop.app.inject({
      method: 'GET',
      url: `${API}/addresses`,
      headers: { accept: 'application/ld+json', authorization: `Bearer ${token}` },
      remoteAddress: CHECKER_IP,
    });
    if (addresses.statusCode === 401) {
      model.checker = null;
      continue;
    }
    const customer = await world.shop.app.inject({
      method: 'GET',
      url: `${API}/customers/${account.id}`,
      headers: { accept: 'application/ld+json', authorization: `Bearer ${token}` },
      remoteAddress: CHECKER_IP,
    });
    if (addresses.statusCode !== 200 || customer.statusCode !== 200)
      fail(`A5: the API answered ${addresses.statusCode} and ${customer.statusCode} to the account's reads`);
    const members = (addresses.json()['hydra:member'] as Json[]).map((row) => ({
      id: row.id as number,
      toReview: row.toReview as boolean,
    }));
    const iri = customer.json().defaultAddress as string | null;
    judge('API', members, iri ? Number(iri.split('/').pop()) : null);
    return;
  }
  fail('the checker could not read the account');

  function judge(source: string, addresses: { id: number; toReview: boolean }[], defaultId: number | null) {
    // The checkout's address step: the default if it is in the book, else the first address not to review.
    const preselected = addresses.some((row) => row.id === defaultId)
      ? defaultId
      : (addresses.find((row) => !row.toReview)?.id ?? null);
    for (const id of model.suspects) {
      const place = model.places.get(id)!;
      const what = `address ${id} (added by the ${place.addedBy})`;
      if (!addresses.find((row) => row.id === id)?.toReview)
        fail(`A3 (${source}): ${what} is not to review after the owner's reset`);
      if (defaultId === id) fail(`A3 (${source}): ${what} is the default after the owner's reset`);
      if (preselected === id) fail(`A3 (${source}): ${what} would be preselected at checkout after the owner's reset`);
    }
  }
}

/**
 * The owner gets in from its own address, as a person would: with its current password; else with a
 * link already in the mailbox, then registering again, asking a new link, asking a reset, each followed
 * by the links then in the mailbox; then signs in under its own names (A4). Confirmed, it also resets
 * the password while its reset allowance lasts and signs in with the new one.
 */
async function ownerRecovers(model: Model, world: World) {
  const label = 'owner recovers';
  world.clock.now = new Date(world.clock.now.getTime() + 1000);
  model.trace.push(`  ${label}`);
  const fail = failer(model, label);
  model.recovering = true;
  let path = 'signing in';
  if (!model.confirmed) {
    const followLinks = async () => {
      for (const token of linksIn(await mailbox(model, model.email), VERIFY)) {
        if (!(await linkAlive(world, token))) continue;
        let status = await ownerConfirms(model, world, fail, token);
        // Not the password of any registration: the link's page takes the owner's names with it.
        if (status === 422) status = await ownerConfirms(model, world, fail, token, OWNER_NAMES[0]);
        if (status === 202) return true;
        if (status === 422 || status === 429) return false;
      }
      return false;
    };
    const ways: [string, () => Promise<unknown>][] = [
      ['a link in the mailbox', async () => undefined],
      ['registering again', () => registerE(model, world, fail, 'owner', OWNER_NAMES[0]!)],
      ['a new link', () => ask(model, world, fail, 'owner', 'link')],
      ['a reset request', () => ask(model, world, fail, 'owner', 'reset')],
    ];
    for (const [way, act] of ways) {
      await act();
      if (await followLinks()) {
        path = way;
        break;
      }
    }
    if (!model.confirmed) {
      // Owed unless the owner itself used up what it needed: its password checks, or, with no live link
      // left in the mailbox, every mail allowance (or its registrations, no registration living to renew).
      const { owner } = model;
      let anyLink = false;
      for (const token of linksIn(await mailbox(model, model.email), VERIFY)) anyLink ||= await linkAlive(world, token);
      const mailsUsedUp =
        owner.notices >= PER_EMAIL_AND_ADDRESS &&
        owner.linkAsks >= PER_EMAIL_AND_ADDRESS &&
        owner.resetAsks >= PER_EMAIL_AND_ADDRESS;
      const registrationsUsedUp =
        owner.registrations > REGISTRATIONS_PER_ADDRESS &&
        (model.customerId === null || (await liveRegistrations(world, model.customerId)).length === 0);
      if (model.passwordChecks >= PASSWORD_CHECKS_PER_ACCOUNT || (!anyLink && (mailsUsedUp || registrationsUsedUp))) {
        model.reached.notOwed += 1;
        return;
      }
      fail('A4: the owner could not confirm E from its own address within its allowances');
    }
  }
  await ownerSignsIn(model, world, fail);
  if (path === 'signing in' && model.owner.resetAsks < PER_EMAIL_AND_ADDRESS) {
    if (!(await ownerResets(model, world, fail, `repris-en-main-${model.steps}-2026`)))
      fail('A4: the owner could not reset the password from its own address');
    await ownerSignsIn(model, world, fail);
    path = 'a reset';
  }
  model.reached.recoveredBy[path] = (model.reached.recoveredBy[path] ?? 0) + 1;
  await checkInvariants(model, world, label);
}

/** The start of a sequence from a confirmed account: the owner registers E and follows the link mailed. */
async function ownerConfirmedAccount(model: Model, world: World) {
  const label = 'start: owner registers E and follows the link; the stranger learns every password the owner sets';
  model.trace.push(`  ${label}`);
  const fail = failer(model, label);
  await registerE(model, world, fail, 'owner', OWNER_NAMES[0]!);
  const [link] = linksIn(await mailbox(model, model.email), VERIFY);
  if (!link || (await ownerConfirms(model, world, fail, link)) !== 202)
    fail('the owner could not confirm a new account');
  await checkInvariants(model, world, label);
}

interface AccountShop {
  world: World;
  /** A new sequence: a fresh e-mail address, fresh client addresses and outbox, so nothing is shared with the last one. */
  next(): Model;
  close(): Promise<void>;
}

/** One shop API on a fresh database of `backend`, with a fixed clock and an outbox per sequence. */
export async function startAccountShop(backend: Backend): Promise<AccountShop> {
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const now = () => clock.now;
  const jwt = createJwtService(
    new TextEncoder().encode('account-model-signing-key-of-enough-length'),
    ACCESS_TTL_S,
    now,
  );
  const mail = {
    current: createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'account-model-')), from: 'boutique@test' }),
  };
  const logged: string[] = [];
  const shop = await startTestShop(backend, 1, {
    now,
    jwt,
    mailer: { send: (outgoing) => mail.current.send(outgoing) },
    siteUrl: SITE,
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  const world: World = { shop, clock, jwt, mail, logged, verified: new Map(), hashes: new Map() };
  let run = 0;
  const actor = (ip: string): Actor => ({
    ip,
    session: null,
    registrations: 0,
    notices: 0,
    linkAsks: 0,
    resetAsks: 0,
    failures: 0,
    allFailures: 0,
  });
  return {
    world,
    next() {
      run += 1;
      const outbox = mkdtempSync(join(tmpdir(), 'account-model-outbox-'));
      mail.current = createMailer({ outboxDir: outbox, from: 'boutique@test' });
      const net = `10.${(run >> 8) & 255}.${run & 255}`;
      return {
        email: `compte${run}@exemple.fr`,
        strangerEmail: `intrus${run}@exemple.fr`,
        outbox,
        mails: [],
        owner: actor(`${net}.1`),
        stranger: actor(`${net}.2`),
        ownerPassword: OWNER_PASSWORD,
        ownerNames: new Set(),
        leaked: null,
        keylogger: false,
        confirmed: false,
        customerId: null,
        passwordChecks: 0,
        places: new Map(),
        suspects: new Set(),
        resetLinks: [],
        checker: null,
        recovering: false,
        steps: 0,
        trace: [],
        reached: {
          confirmed: 0,
          contested: 0,
          resets: 0,
          suspects: 0,
          strangerSessions: 0,
          strangerAddresses: 0,
          refusedPassword: 0,
          recoveredBy: {},
          notOwed: 0,
        },
      };
    },
    close: () => shop.close(),
  };
}

export interface AccountRunResult {
  runs: number;
  steps: number;
  reached: Omit<Reached, 'recoveredBy'> & { recoveredBy: Record<string, number> };
  failure: string | null;
}

/** Runs `runs` random sequences (seeded), each ended by the owner's recovery; the failure is fast-check's shrunk counterexample. */
export async function runAccountModel(
  shop: AccountShop,
  {
    runs,
    seed,
    maxCommands,
    start = 'nothing',
  }: {
    runs: number;
    seed: number;
    maxCommands: number;
    /**
     * Where each sequence starts: no account of E yet; or the owner's account confirmed, and the
     * stranger learning every password the owner sets (a keylogger), so that what a reset undoes is
     * reached often.
     */
    start?: 'nothing' | 'keylogger';
  },
): Promise<AccountRunResult> {
  let executed = 0;
  let steps = 0;
  const reached: Reached = {
    confirmed: 0,
    contested: 0,
    resets: 0,
    suspects: 0,
    strangerSessions: 0,
    strangerAddresses: 0,
    refusedPassword: 0,
    recoveredBy: {},
    notOwed: 0,
  };
  const result = await fc.check(
    fc.asyncProperty(
      fc.commands([commandArbitrary(WEIGHTS[start])], { maxCommands, size: 'max' }),
      async (commands) => {
        const model = shop.next();
        executed += 1;
        try {
          if (start === 'keylogger') {
            await ownerConfirmedAccount(model, shop.world);
            model.keylogger = true;
            model.leaked = model.ownerPassword;
          }
          await fc.asyncModelRun(() => ({ model, real: shop.world }), commands);
          await ownerRecovers(model, shop.world);
        } finally {
          steps += model.steps;
          for (const [key, value] of Object.entries(model.reached))
            if (key === 'recoveredBy')
              for (const [path, n] of Object.entries(value as Record<string, number>))
                reached.recoveredBy[path] = (reached.recoveredBy[path] ?? 0) + n;
            else (reached as unknown as Record<string, number>)[key]! += value as number;
          shop.world.logged.length = 0;
        }
      },
    ),
    { numRuns: runs, seed, endOnFailure: false },
  );
  return {
    runs: executed,
    steps,
    reached,
    failure: result.failed
      ? `${(result.errorInstance as Error | undefined)?.message ?? 'error'}\n${fc.defaultReportMessage(result)}`
      : null,
  };
}
