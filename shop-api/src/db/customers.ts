/** Customers, their refresh tokens and their addresses. Every address read is scoped to its owner. */
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_MS } from '../domain/secrets.js';
import type { Db } from './client.js';
import { forgetCartAddresses } from './orders.js';
import type { PaymentRow } from './payments.js';
import { catalogueTransaction, type CatalogueTx } from './stock.js';
import { accountRecoveries, addresses, customers, passwordHistory, refreshTokens, registrations } from './schema.js';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

const isUniqueViolation = (error: unknown) => {
  const cause = error as { cause?: { code?: string }; code?: string };
  return cause?.code === '23505' || cause?.cause?.code === '23505';
};

export async function createCustomer(
  db: Db,
  fields: typeof customers.$inferInsert,
): Promise<CustomerRow | 'email-taken'> {
  try {
    const [row] = await db.insert(customers).values(fields).returning();
    // Made confirmed (the staff's, the tests'): its password is the first it had at its address.
    if (row!.verifiedAt) await rememberPassword(db, row!.id, row!.email, row!.passwordHash, row!.verifiedAt, 'mailbox');
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row ?? null;
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/**
 * The customer a token speaks for, if the account still exists and is not erased and the token's
 * session, a refresh-token family of that customer, is not over (logout, password change, reuse of a
 * refresh token). One lookup by primary key, the session checked through the family index.
 */
export async function findActiveCustomer(db: Db, id: number, session: string): Promise<CustomerRow | null> {
  const live = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family, session), eq(refreshTokens.customerId, id), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.erasedAt), exists(live)));
  return row ?? null;
}

export async function updateCustomer(
  db: Db,
  id: number,
  fields: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow | 'email-taken' | null> {
  try {
    const [row] = await db
      .update(customers)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
}

/** What a registration sets: the account's details as the registrant typed them (the e-mail aside). */
export type RegistrationFields = Pick<
  typeof customers.$inferInsert,
  'firstName' | 'lastName' | 'passwordHash' | 'subscribedToNewsletter' | 'groupCode' | 'companyName' | 'siret'
>;

export type RegistrationRow = typeof registrations.$inferSelect;

/** A registration as the route makes it: the registrant's details, where it came from, its link (if mailed). */
export type NewRegistration = RegistrationFields & {
  tokenHash: string | null;
  expiresAt: Date;
  createdAt: Date;
};

/**
 * A new address: its account (not confirmed, with these details until one registration is confirmed)
 * and its first registration, together. 'email-taken' when the address has an account already.
 */
export async function createRegistration(
  db: Db,
  email: string,
  registration: NewRegistration,
): Promise<RegistrationRow | 'email-taken'> {
  try {
    return await db.transaction(async (tx) => {
      const { tokenHash: _hash, expiresAt: _end, createdAt: _at, ...details } = registration;
      const [customer] = await tx
        .insert(customers)
        .values({ email, ...details })
        .returning({ id: customers.id });
      const [row] = await tx
        .insert(registrations)
        .values({ ...registration, customerId: customer!.id })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
}

/**
 * One more registration of an address whose account is not confirmed: none replaces another's, each
 * keeps its link (decision 0026). Past `kept` live ones, those mailed no link (past the notices limit:
 * a flood's) go first, then the oldest. Null when the account was confirmed (or erased) meanwhile.
 */
export async function addRegistration(
  db: Db,
  customerId: number,
  registration: NewRegistration,
  now: Date,
  kept: number,
): Promise<RegistrationRow | null> {
  return db.transaction(async (tx) => {
    // The account's row locked: two registrations at once cannot both pass the count.
    const [open] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.verifiedAt), isNull(customers.erasedAt)))
      .for('update');
    if (!open) return null;
    await tx
      .delete(registrations)
      .where(and(eq(registrations.customerId, customerId), lte(registrations.expiresAt, now)));
    const [row] = await tx
      .insert(registrations)
      .values({ ...registration, customerId })
      .returning();
    const beyond = tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.customerId, customerId))
      .orderBy(sql`${registrations.tokenHash} IS NOT NULL DESC`, desc(registrations.createdAt), desc(registrations.id))
      .offset(kept);
    await tx.delete(registrations).where(inArray(registrations.id, beyond));
    return row!;
  });
}

/** Registrations whose link expired go, with the names and password hashes their registrants typed. */
export async function deleteExpiredRegistrations(db: Db, now: Date): Promise<void> {
  await db.delete(registrations).where(lte(registrations.expiresAt, now));
}

/** The live registrations of an unconfirmed account, newest first. */
export async function liveRegistrations(db: Db, customerId: number, now: Date): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.customerId, customerId), gt(registrations.expiresAt, now)))
    .orderBy(desc(registrations.createdAt), desc(registrations.id));
}

/** The registration whose link this is, while it lives and its account is still unconfirmed. */
export async function findRegistrationByLink(db: Db, tokenHash: string, now: Date): Promise<RegistrationRow | null> {
  const [row] = await db
    .select({ registration: registrations })
    .from(registrations)
    .innerJoin(customers, eq(customers.id, registrations.customerId))
    .where(
      and(
        eq(registrations.tokenHash, tokenHash),
        gt(registrations.expiresAt, now),
        isNull(customers.verifiedAt),
        isNull(customers.erasedAt),
      ),
    );
  return row?.registration ?? null;
}

/**
 * A new link on the newest live registration of an unconfirmed account (the old link of that one
 * registration dies; any link proves the mailbox, so the others' still work). Null when there is none.
 */
export async function renewRegistrationLink(
  db: Db,
  customerId: number,
  link: { tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<RegistrationRow | null> {
  const [newest] = await liveRegistrations(db, customerId, now);
  if (!newest) return null;
  const [row] = await db
    .update(registrations)
    .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt })
    .where(eq(registrations.id, newest.id))
    .returning();
  return row ?? null;
}

/**
 * The registration picked by its password becomes the account: its details, confirmed, the mailbox
 * proven; every other registration of the address goes. Once: of two confirmations at once, the
 * second finds the account confirmed and changes nothing (null).
 */
export async function confirmRegistration(db: Db, registrationId: number, now: Date): Promise<CustomerRow | null> {
  return db.transaction(async (tx) => {
    const [picked] = await tx
      .delete(registrations)
      .where(and(eq(registrations.id, registrationId), gt(registrations.expiresAt, now)))
      .returning();
    if (!picked) return null;
    const [row] = await tx
      .update(customers)
      .set({
        firstName: picked.firstName,
        lastName: picked.lastName,
        passwordHash: picked.passwordHash,
        subscribedToNewsletter: picked.subscribedToNewsletter,
        groupCode: picked.groupCode,
        companyName: picked.companyName,
        siret: picked.siret,
        verifiedAt: now,
        mailboxProvenAt: now,
        updatedAt: now,
      })
      .where(and(eq(customers.id, picked.customerId), isNull(customers.verifiedAt), isNull(customers.erasedAt)))
      .returning();
    if (!row) return null;
    await tx.delete(registrations).where(eq(registrations.customerId, row.id));
    await dropChangesTowards(tx as unknown as Db, row.email, now);
    await rememberPassword(tx as unknown as Db, row.id, row.email, row.passwordHash, now, 'mailbox');
    return row;
  });
}

/**
 * Another account's pending change to an address that has just become an account's is dropped with its
 * link: it could only fail now, and its link stayed alive in the new owner's mailbox.
 */
async function dropChangesTowards(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(customers)
    .set({
      pendingEmail: null,
      pendingEmailSession: null,
      verificationTokenHash: null,
      verificationExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(customers.pendingEmail, email));
}

/** A new e-mail taken: the account, the address it left, and whether that address got a way back. */
export type FollowedLink = {
  customer: CustomerRow;
  previousEmail: string;
  /** The address left got a way back. */
  recoverable: boolean;
  /** The address taken had a way back, spent as a recovery (every session ended, additions to review). */
  recovered: boolean;
  /** Payments the recovery ended, whose providers' checkouts the caller closes. */
  cancelled: PaymentRow[];
};

/** The condition of a live new-e-mail link: its digest, not expired, a change pending, the account not erased. */
const liveEmailChangeLink = (tokenHash: string, now: Date) =>
  and(
    eq(customers.verificationTokenHash, tokenHash),
    gt(customers.verificationExpiresAt, now),
    isNotNull(customers.pendingEmail),
    isNull(customers.erasedAt),
  );

/** The account whose new e-mail this link confirms, while it lives. */
export async function findEmailChangeByLink(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(liveEmailChangeLink(tokenHash, now));
  return row ?? null;
}

/**
 * Follows the link mailed to a new e-mail, once: the account takes it (the new mailbox is proven), and
 * every session but the one that asked ends. The token is spent by a conditional UPDATE, so links used
 * several times at once succeed once. Null when unknown or expired; 'email-taken' (and the change
 * dropped) when another account took the address meanwhile. A registration's link is another thing
 * (`confirmRegistration`).
 */
export async function followVerificationLink(
  db: Db,
  tokenHash: string,
  now: Date,
  recovery: { tokenHash: string; expiresAt: Date; heldSince: Date },
): Promise<FollowedLink | 'email-taken' | null> {
  const link = liveEmailChangeLink(tokenHash, now);
  try {
    return await catalogueTransaction(db, async (tx) => {
      const [spent] = await tx
        .update(customers)
        .set({ verificationTokenHash: null, verificationExpiresAt: null, updatedAt: now })
        .where(link)
        .returning({
          id: customers.id,
          email: customers.email,
          pendingEmail: customers.pendingEmail,
          session: customers.pendingEmailSession,
          provenAt: customers.mailboxProvenAt,
          verifiedAt: customers.verifiedAt,
          emailSince: customers.emailSince,
        });
      if (!spent?.pendingEmail) return null;
      // An account never confirmed at that address is nobody's yet (its registrations prove nothing):
      // the customer has just proven the mailbox, so the address becomes theirs.
      await tx
        .delete(customers)
        .where(and(eq(customers.email, spent.pendingEmail), isNull(customers.verifiedAt), isNull(customers.erasedAt)));
      // Back to an address that left the account and still holds its way back (its owner moving back
      // rather than following the link, or confirming a move a thief asked for): that is a recovery, with
      // all it does (the owner is back: every session ends, what was touched since that address's last
      // proof goes to review, open payments and typed cart addresses go); its way back is spent, with
      // those of the addresses left since (the one left now among them gets none), and the address keeps
      // the tenure it had.
      const [returning] = await tx
        .select()
        .from(accountRecoveries)
        .where(
          and(
            eq(accountRecoveries.customerId, spent.id),
            eq(accountRecoveries.email, spent.pendingEmail),
            gt(accountRecoveries.expiresAt, now),
          ),
        )
        .orderBy(asc(accountRecoveries.id))
        .limit(1);
      if (returning)
        await tx
          .delete(accountRecoveries)
          .where(and(eq(accountRecoveries.customerId, spent.id), gte(accountRecoveries.id, returning.id)));
      const [row] = await tx
        .update(customers)
        .set({
          email: spent.pendingEmail,
          emailSince: returning?.heldSince ?? now,
          pendingEmail: null,
          pendingEmailSession: null,
          mailboxProvenAt: now,
          // Reset links mailed to the address left die with it: they would give the account to it again.
          resetTokenHash: null,
          resetExpiresAt: null,
        })
        .where(eq(customers.id, spent.id))
        .returning();
      await dropChangesTowards(tx as unknown as Db, spent.pendingEmail, now);
      let cancelled: PaymentRow[] = [];
      if (returning) cancelled = await ownerBack(tx, spent.id, returning.provenSince, now);
      else await endSessions(tx as unknown as Db, spent.id, now, spent.session ?? undefined);
      // The address left gets its way back, in case the change was a thief's (decision 0028), if it held
      // the account long enough (`heldSince`): one a thief moved the account to, and its owner away from
      // a few days later, must not take it back.
      const held = spent.emailSince ?? spent.verifiedAt ?? now;
      const recoverable = !returning && held.getTime() <= recovery.heldSince.getTime();
      if (recoverable)
        await tx.insert(accountRecoveries).values({
          customerId: spent.id,
          email: spent.email,
          tokenHash: recovery.tokenHash,
          provenSince: spent.provenAt ?? spent.verifiedAt ?? now,
          heldSince: held,
          expiresAt: recovery.expiresAt,
          createdAt: now,
        });
      // The password moves with the account: it is one the account had at its new address too (after
      // the way back above, whose address's passwords are kept for its link).
      await rememberPassword(tx as unknown as Db, spent.id, row!.email, row!.passwordHash, now, 'move');
      return { customer: row!, previousEmail: spent.email, recoverable, recovered: Boolean(returning), cancelled };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db
      .update(customers)
      .set({
        verificationTokenHash: null,
        verificationExpiresAt: null,
        pendingEmail: null,
        pendingEmailSession: null,
        updatedAt: now,
      })
      .where(link);
    return 'email-taken';
  }
}

/** A confirmed account's reset link, while it lives (an unconfirmed account is confirmed by its registration's password). */
export async function findByResetToken(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.resetTokenHash, tokenHash),
        gt(customers.resetExpiresAt, now),
        isNotNull(customers.verifiedAt),
        isNull(customers.erasedAt),
      ),
    );
  return row ?? null;
}

/**
 * Sets a new password from a reset link, spending it in the same conditional UPDATE (links used
 * several times at once succeed once; false for the others). Following it proves the mailbox: every
 * session of the account ends, a pending e-mail change is dropped, and the addresses added since the
 * mailbox was last proven, or edited since, are put to the owner's review (decision 0026): someone who knew the old
 * password may have added them, and they are no longer the default nor preselected at checkout; the
 * addresses typed into the account's carts since then are dropped.
 */
export async function resetPassword(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<PaymentRow[] | null> {
  return catalogueTransaction(db, async (tx) => {
    const [before] = await tx
      .select({
        id: customers.id,
        email: customers.email,
        provenAt: customers.mailboxProvenAt,
        verifiedAt: customers.verifiedAt,
      })
      .from(customers)
      .where(
        and(
          eq(customers.resetTokenHash, tokenHash),
          gt(customers.resetExpiresAt, now),
          isNotNull(customers.verifiedAt),
          isNull(customers.erasedAt),
        ),
      )
      .for('update');
    if (!before) return null;
    await tx
      .update(customers)
      .set({
        passwordHash,
        resetTokenHash: null,
        resetExpiresAt: null,
        mailboxProvenAt: now,
        verificationTokenHash: null,
        verificationExpiresAt: null,
        pendingEmail: null,
        pendingEmailSession: null,
        updatedAt: now,
      })
      .where(eq(customers.id, before.id));
    await rememberPassword(tx as unknown as Db, before.id, before.email, passwordHash, now, 'mailbox');
    return ownerBack(tx, before.id, before.provenAt ?? before.verifiedAt!, now);
  });
}

/**
 * The mailbox's owner is back (a reset link, a recovery link): every session ends, the addresses added
 * or edited since `since` (the mailbox's last proof) wait for the owner's review, no longer the default
 * nor preselected at checkout, and the addresses typed into the account's carts since are dropped.
 */
async function ownerBack(db: CatalogueTx, customerId: number, since: Date, now: Date): Promise<PaymentRow[]> {
  await db
    .update(addresses)
    .set({ toReview: true })
    // Added or edited since: an edit can turn the owner's trusted address into someone else's.
    .where(
      and(eq(addresses.customerId, customerId), or(gt(addresses.createdAt, since), gt(addresses.updatedAt, since))),
    );
  // No address to review stays the default, whenever it was flagged (one flagged at an earlier reset may
  // have been chosen as the default since, by whoever knew the new password).
  await db
    .update(customers)
    .set({ defaultAddressId: null })
    .where(
      and(
        eq(customers.id, customerId),
        inArray(
          customers.defaultAddressId,
          db
            .select({ id: addresses.id })
            .from(addresses)
            .where(and(eq(addresses.customerId, customerId), eq(addresses.toReview, true))),
        ),
      ),
    );
  const cancelled = await forgetCartAddresses(db, customerId, since, now);
  await endSessions(db, customerId, now);
  return cancelled;
}

/** A recovery link that still works: within its week, and not spent by its tries. */
const liveRecovery = (now: Date) =>
  and(gt(accountRecoveries.expiresAt, now), lt(accountRecoveries.guesses, RECOVERY_GUESSES));

/** A live recovery link's row (decision 0028), its account not erased. */
export async function findRecoveryByLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ recovery: accountRecoveries })
    .from(accountRecoveries)
    .innerJoin(customers, eq(customers.id, accountRecoveries.customerId))
    .where(and(eq(accountRecoveries.tokenHash, tokenHash), liveRecovery(now), isNull(customers.erasedAt)));
  return row?.recovery ?? null;
}

/**
 * Counts one password tried on a recovery link, before it is checked (attempts at once each take
 * one): the guesses made so far, this one included, or null when the link is dead or spent.
 */
export async function claimRecoveryGuess(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(accountRecoveries)
    .set({ guesses: sql`${accountRecoveries.guesses} + 1` })
    .where(and(eq(accountRecoveries.tokenHash, tokenHash), liveRecovery(now)))
    .returning({ guesses: accountRecoveries.guesses });
  return row?.guesses ?? null;
}

/**
 * The live way back of an address an account left (decision 0028), if it has one: while it lives, the
 * address is the account's to take back, not a new account's to make.
 */
export async function liveRecoveryOf(db: Db, email: string, now: Date) {
  const [row] = await db
    .select({ recovery: accountRecoveries })
    .from(accountRecoveries)
    .innerJoin(customers, eq(customers.id, accountRecoveries.customerId))
    .where(
      // A link spent by its tries is no way back: the address is free again.
      and(eq(accountRecoveries.email, email), liveRecovery(now), isNull(customers.erasedAt)),
    )
    .orderBy(asc(accountRecoveries.id))
    .limit(1);
  return row?.recovery ?? null;
}

export type Recovered = { customer: CustomerRow; leftEmail: string; cancelled: PaymentRow[] };

/**
 * Follows a recovery link, once (decision 0028): the account takes back the address the link was
 * mailed to, with the new password; the mailbox is proven (as by a reset: sessions end, what was added
 * or edited since its last proof goes to review); a pending change, reset and confirmation links die.
 * The links of addresses left after this one go with it, never those of addresses left before: the
 * first owner's link outlives a thief's later moves. 'email-taken' when another confirmed account has
 * the address now; null when the link is unknown, spent or expired.
 */
export async function recoverAccount(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<Recovered | 'email-taken' | null> {
  return catalogueTransaction(db, async (tx) => {
    const [recovery] = await tx
      .select()
      .from(accountRecoveries)
      // Not `liveRecovery`: the right password may have come with the link's last try.
      .where(and(eq(accountRecoveries.tokenHash, tokenHash), gt(accountRecoveries.expiresAt, now)))
      .for('update');
    if (!recovery) return null;
    const [account] = await tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, recovery.customerId), isNull(customers.erasedAt)))
      .for('update');
    if (!account) return null;
    if (account.email !== recovery.email) {
      const [other] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, recovery.email), isNotNull(customers.verifiedAt)));
      if (other) return 'email-taken';
      // Someone registered the address since, never confirmed: nobody's account yet, as for a new e-mail.
      await tx
        .delete(customers)
        .where(and(eq(customers.email, recovery.email), isNull(customers.verifiedAt), isNull(customers.erasedAt)));
    }
    const [row] = await tx
      .update(customers)
      .set({
        email: recovery.email,
        emailSince: recovery.heldSince ?? now,
        passwordHash,
        mailboxProvenAt: now,
        pendingEmail: null,
        pendingEmailSession: null,
        verificationTokenHash: null,
        verificationExpiresAt: null,
        resetTokenHash: null,
        resetExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(customers.id, account.id))
      .returning();
    await tx
      .delete(accountRecoveries)
      .where(and(eq(accountRecoveries.customerId, account.id), gte(accountRecoveries.id, recovery.id)));
    await rememberPassword(tx as unknown as Db, account.id, recovery.email, passwordHash, now, 'mailbox');
    const cancelled = await ownerBack(tx, account.id, recovery.provenSince, now);
    return { customer: row!, leftEmail: account.email, cancelled };
  });
}

/** Recovery links past their week go, with the addresses they named. */
export async function deleteExpiredRecoveries(db: Db, now: Date): Promise<void> {
  await db.delete(accountRecoveries).where(lte(accountRecoveries.expiresAt, now));
  // The passwords those addresses had go with their links: no other link will ask for them.
  await db.delete(passwordHistory).where(
    and(
      notExists(
        db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.id, passwordHistory.customerId), eq(customers.email, passwordHistory.email))),
      ),
      notExists(
        db
          .select({ id: accountRecoveries.id })
          .from(accountRecoveries)
          .where(
            and(
              eq(accountRecoveries.customerId, passwordHistory.customerId),
              eq(accountRecoveries.email, passwordHistory.email),
            ),
          ),
      ),
    ),
  );
}

/** A new password chosen while signed in: every session ends but `keep`, the one that chose it. */
export async function changePassword(
  db: Db,
  id: number,
  passwordHash: string,
  now: Date,
  keep?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Reset links already mailed die too: one mailed to an address the account has since left would
    // otherwise set a password over the one just chosen.
    const [row] = await tx
      .update(customers)
      .set({ passwordHash, resetTokenHash: null, resetExpiresAt: null, updatedAt: now })
      .where(eq(customers.id, id))
      .returning({ email: customers.email });
    if (row) await rememberPassword(tx as unknown as Db, id, row.email, passwordHash, now, 'signed-in');
    await endSessions(tx as unknown as Db, id, now, keep);
  });
}

/** Revokes the refresh tokens of every session of the customer, except the family `keep`. */
async function endSessions(db: Db, customerId: number, now: Date, keep?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.customerId, customerId),
        isNull(refreshTokens.revokedAt),
        ...(keep ? [ne(refreshTokens.family, keep)] : []),
      ),
    );
}

/** How many of an account's passwords are remembered per address, for that address's recovery link. */
const PASSWORDS_KEPT = 10;
/** And how many of those set through the mailbox, which passwords set otherwise never push out. */
const PROVEN_PASSWORDS_KEPT = 3;
/**
 * Passwords changed while signed in, per account and 7 days: with PASSWORDS_KEPT, whoever knew the
 * password cannot push the owner's out of an address's memory before moving the account (past it,
 * the reset link, through the mailbox, is the way).
 */
export const SIGNED_IN_CHANGES_PER_WEEK = 3;
type PasswordSource = 'mailbox' | 'signed-in' | 'move';
/** Passwords a recovery link takes before it is spent: its holder alone can try, and only so many times. */
export const RECOVERY_GUESSES = 10;

/**
 * Remembers that the account had this password at its address `email` (decision 0028: a recovery link
 * asks for one of them); `proven` when set through the mailbox. Kept per address, so that passwords
 * set at one address (a thief's) never push out those of another (the owner's); at one address, the
 * newest PASSWORDS_KEPT stay, and the newest PROVEN_PASSWORDS_KEPT set through the mailbox too, so
 * that a thief changing the password over and over before moving the account cannot push out the
 * owner's. Those of addresses left without a way back go: no link will ask for them.
 */
async function rememberPassword(
  db: Db,
  customerId: number,
  email: string,
  passwordHash: string,
  now: Date,
  source: PasswordSource,
) {
  await db.insert(passwordHistory).values({ customerId, email, passwordHash, source, setAt: now });
  const ofAddress = and(eq(passwordHistory.customerId, customerId), eq(passwordHistory.email, email));
  const newest = (limit: number, onlyProven: boolean) =>
    db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(onlyProven ? and(ofAddress, eq(passwordHistory.source, 'mailbox')) : ofAddress)
      .orderBy(desc(passwordHistory.id))
      .limit(limit);
  await db
    .delete(passwordHistory)
    .where(
      and(
        ofAddress,
        notInArray(passwordHistory.id, newest(PASSWORDS_KEPT, false)),
        notInArray(passwordHistory.id, newest(PROVEN_PASSWORDS_KEPT, true)),
      ),
    );
  await forgetPasswordsOfAddressesLeft(db, customerId, email);
}

/** The passwords of addresses the account left that have no live way back: no link will ask for them. */
async function forgetPasswordsOfAddressesLeft(db: Db, customerId: number, current: string) {
  const withWayBack = db
    .select({ email: accountRecoveries.email })
    .from(accountRecoveries)
    .where(eq(accountRecoveries.customerId, customerId));
  await db
    .delete(passwordHistory)
    .where(
      and(
        eq(passwordHistory.customerId, customerId),
        ne(passwordHistory.email, current),
        notInArray(passwordHistory.email, withWayBack),
      ),
    );
}

/** Passwords the customer changed while signed in since `since` (SIGNED_IN_CHANGES_PER_WEEK). */
export async function signedInPasswordChangesSince(db: Db, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordHistory)
    .where(
      and(
        eq(passwordHistory.customerId, customerId),
        eq(passwordHistory.source, 'signed-in'),
        gt(passwordHistory.setAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The hashes of the passwords the account had while `email` was its address, newest first. */
export async function passwordsHadAt(db: Db, customerId: number, email: string): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.customerId, customerId), eq(passwordHistory.email, email)))
    .orderBy(desc(passwordHistory.id));
  return rows.map((row) => row.hash);
}

// Refresh tokens

/** Stores a refresh token; a successor stored already (its predecessor spent twice in the grace) stays as it is. */
export async function storeRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row).onConflictDoNothing({ target: refreshTokens.tokenHash });
}

export type RefreshOutcome =
  | { kind: 'rotated'; customerId: number; family: string }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'reused'; customerId: number };

/**
 * Spends a refresh token. Spent again within the grace (parallel page loads), it rotates to the same
 * successor (`JwtService.successorOf`). A token spent again after the grace period, or revoked, means a
 * copy is in other hands: its whole family (every token of that login) is revoked.
 */
export async function spendRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    if (!row) return { kind: 'unknown' } as const;
    const withinGrace =
      row.usedAt !== null && !row.revokedAt && now.getTime() - row.usedAt.getTime() < REFRESH_REUSE_GRACE_MS;
    if (withinGrace && row.expiresAt.getTime() > now.getTime())
      return { kind: 'rotated', customerId: row.customerId, family: row.family } as const;
    if (row.usedAt || row.revokedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused', customerId: row.customerId } as const;
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' } as const;
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    return { kind: 'rotated', customerId: row.customerId, family: row.family } as const;
  });
}

/** Logout: the token and its family end. False when the token was unknown or already invalid. */
export async function revokeRefreshToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row || row.revokedAt || row.usedAt) return false;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
  return true;
}

// Addresses

export async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.id));
}

export async function findAddress(db: Db, customerId: number, id: number): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  return row ?? null;
}

/** Adds an address; the first one becomes the default (as Sylius's AddressDataPersister does). */
export async function createAddress(db: Db, customerId: number, fields: AddressFields, now: Date): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    // The shop's clock, the one a password reset compares it with (`resetPassword`).
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, customerId, createdAt: now, updatedAt: now })
      .returning();
    await tx
      .update(customers)
      .set({ defaultAddressId: row!.id })
      .where(and(eq(customers.id, customerId), isNull(customers.defaultAddressId)));
    return row!;
  });
}

export async function updateAddress(
  db: Db,
  customerId: number,
  id: number,
  fields: AddressFields,
  now: Date,
): Promise<AddressRow | null> {
  const own = and(eq(addresses.id, id), eq(addresses.customerId, customerId));
  const [current] = await db.select().from(addresses).where(own);
  if (!current) return null;
  // Saved by the signed-in owner: reviewed. Its time moves when a field does, and when it leaves review:
  // whoever saved it knew the password, so the next password reset puts it to review again. Saved as it
  // was and not to review, it does not count as edited.
  const edited = (Object.keys(fields) as (keyof AddressFields)[]).some(
    (key) => (fields[key] ?? null) !== (current[key] ?? null),
  );
  const [row] = await db
    .update(addresses)
    .set({ ...fields, toReview: false, ...(edited || current.toReview ? { updatedAt: now } : {}) })
    .where(own)
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Db, customerId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
      .returning({ id: addresses.id });
    if (deleted.length === 0) return false;
    await tx
      .update(customers)
      .set({ defaultAddressId: null })
      .where(and(eq(customers.id, customerId), eq(customers.defaultAddressId, id)));
    return true;
  });
}

/** Test-only (the end-to-end shop): the account's address held since `since`. False when no account has it. */
export async function ageEmailTenure(db: Db, email: string, since: Date): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ emailSince: since })
    .where(eq(customers.email, email))
    .returning({ id: customers.id });
  return rows.length > 0;
}
