/**
 * The retention rule applied (domain/retention.ts): accounts unused for almost 2 years get a warning
 * mail; 30 days after it, if still unused, they are erased like a customer's own deletion; expired
 * registrations and recovery links are deleted. Runs at
 * start and every six hours as a pg-boss job (jobs/queue.ts); each step is recorded, so a run can stop anywhere.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { deleteExpiredRecoveries, deleteExpiredRegistrations, updateCustomer } from '../db/customers.js';
import { eraseCustomer, idleCustomers } from '../db/personal-data.js';
import { ACCOUNT_IDLE_LIMIT_MS, ERASURE_NOTICE_MS, erasureDate, retentionStep } from '../domain/retention.js';
import { retentionWarningMail } from '../mail/templates.js';

export interface RetentionRun {
  warned: number;
  erased: number;
}

export async function applyRetention(
  context: Pick<AppContext, 'db' | 'mailer' | 'siteUrl' | 'now'>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<RetentionRun> {
  const { db, mailer, siteUrl } = context;
  const now = context.now();
  const run: RetentionRun = { warned: 0, erased: 0 };
  // What strangers typed into registrations nobody confirmed is kept no longer than their links.
  await deleteExpiredRegistrations(db, now);
  // And the addresses an account left, once their week to take it back is over.
  await deleteExpiredRecoveries(db, now);
  const candidates = await idleCustomers(db, new Date(now.getTime() - (ACCOUNT_IDLE_LIMIT_MS - ERASURE_NOTICE_MS)));
  for (const customer of candidates) {
    const step = retentionStep(customer, now);
    if (step === 'erase' && (await eraseCustomer(db, customer.id, now))) run.erased += 1;
    if (step !== 'warn') continue;
    try {
      const day = erasureDate(customer, now).toLocaleDateString('fr-FR', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Paris',
      });
      await mailer.send(retentionWarningMail(customer.email, customer.firstName, day, `${siteUrl}/connexion`));
      // Recorded only once sent: an undelivered warning is tried again at the next run.
      await updateCustomer(db, customer.id, { retentionWarnedAt: now });
      run.warned += 1;
    } catch (error) {
      log?.error({ err: error, customer: customer.id }, 'retention warning mail failed');
    }
  }
  return run;
}
