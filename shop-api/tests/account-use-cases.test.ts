/**
 * The account use cases run without HTTP: a staff screen or a job hands them the application context
 * and who asks. A registration is confirmed by its link, the account moves to a new e-mail, and the
 * address it left takes it back, every mail read from the mailer and every limit counted by the asker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { findCustomerByEmail } from '../src/db/customers.js';
import { backgroundTasks } from '../src/http/background.js';
import type { Asker } from '../src/http/asker.js';
import type { OutgoingMail } from '../src/mail/mailer.js';
import type { RateRule } from '../src/http/rate-limits.js';
import { changeProfile } from '../src/use-cases/account/change-profile.js';
import { followMailLink } from '../src/use-cases/account/follow-mail-link.js';
import { useRecoveryLink } from '../src/use-cases/account/recover-account.js';
import { register } from '../src/use-cases/account/register.js';

/** A logger that keeps nothing. */
const log = {
  level: 'silent',
  child: () => log,
  ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((name) => [name, () => {}])),
} as unknown as FastifyBaseLogger;
let database: Database;
const mails: OutgoingMail[] = [];
let clock = new Date('2026-03-02T09:00:00Z');
let context: AppContext;
const counted: string[] = [];
const asker: Asker = {
  address: '203.0.113.9',
  async hit(rule: RateRule, key: string) {
    counted.push(`${rule} ${key}`);
  },
  async take(rule: RateRule, key: string) {
    counted.push(`${rule} ${key}`);
    return true;
  },
  log,
};

/** The link of the last mail to `to` whose link goes under `path`: its token. */
function lastLink(to: string, path: string): string {
  const mail = mails.filter((sent) => sent.to === to && sent.text.includes(`/${path}/`)).at(-1);
  const token = mail && new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  const background = backgroundTasks(() => log);
  // Only what the account use cases read: anything else they reached for would fail the test.
  context = {
    db: database.db,
    now: () => clock,
    background,
    mailer: { send: async (mail: OutgoingMail) => void mails.push(mail) },
    siteUrl: 'https://boutique.example',
    paymentProviders: {},
  } as unknown as AppContext;
});
afterAll(() => database.close());

describe('account use cases without HTTP', () => {
  it('register, confirm, move to a new e-mail, and take the account back from the address it left', async () => {
    const owner = 'camille.martin@example.fr';
    await register(
      context,
      { firstName: 'Camille', lastName: 'Martin', email: owner, password: 'Carburateur-1987' },
      asker,
    );
    await context.background.idle();
    await followMailLink(context, { token: lastLink(owner, 'verification'), password: 'Carburateur-1987' }, asker);
    const confirmed = await findCustomerByEmail(database.db, owner);
    expect(confirmed?.verifiedAt).toBeInstanceOf(Date);
    expect(counted).toContain(`registerPerAddress ${asker.address}`);

    // A week later, someone with the password moves the account to their own address.
    clock = new Date(clock.getTime() + 8 * 24 * 3600_000);
    const thief = 'autre.adresse@example.net';
    await changeProfile(
      context,
      { customer: confirmed!, session: 'session-of-the-change' },
      { email: thief, currentPassword: 'Carburateur-1987' },
      asker,
    );
    expect(mails.at(-1)?.to).toBe(owner); // the old address hears of the request
    await followMailLink(context, { token: lastLink(thief, 'verification'), password: 'Carburateur-1987' }, asker);
    expect((await findCustomerByEmail(database.db, thief))?.id).toBe(confirmed!.id);

    // The address it left was mailed its way back, and takes the account with the password it had there
    // and a new one.
    await useRecoveryLink(
      context,
      lastLink(owner, 'recuperation'),
      { previousPassword: 'Carburateur-1987', newPassword: 'Embrayage-2026!', confirmNewPassword: 'Embrayage-2026!' },
      asker,
    );
    expect((await findCustomerByEmail(database.db, owner))?.id).toBe(confirmed!.id);
    expect(await findCustomerByEmail(database.db, thief)).toBeNull();
    expect(mails.at(-1)?.to).toBe(thief); // the address that lost it is told
  });
});
