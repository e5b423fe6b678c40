/** Customers, their refresh tokens and their addresses. Every address read is scoped to its owner. */
import { and, asc, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_MS } from '../domain/secrets.js';
import type { Db } from './client.js';
import { addresses, customers, refreshTokens } from './schema.js';

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
 * The customer a token speaks for, if the account still exists and is not erased and, for a token of a
 * sign-in, that sign-in's session is not over (logout, password change, reuse of a refresh token).
 * One lookup by primary key, the session checked through the family index.
 */
export async function findActiveCustomer(db: Db, id: number, session?: string): Promise<CustomerRow | null> {
  const live =
    session === undefined
      ? []
      : [
          exists(
            db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(
                and(
                  eq(refreshTokens.family, session),
                  eq(refreshTokens.customerId, id),
                  isNull(refreshTokens.revokedAt),
                ),
              ),
          ),
        ];
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.erasedAt), ...live));
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

/**
 * A new registration of an address whose account was never confirmed: that account takes the new
 * registrant's details (password, names, company) with a new confirmation link, which replaces the old
 * one. Whoever typed the address first cannot keep an account its owner would confirm without knowing
 * the password. Null when the account was confirmed (or erased) meanwhile: then nothing changes.
 */
export async function renewUnconfirmedRegistration(
  db: Db,
  id: number,
  fields: RegistrationFields,
  link: { tokenHash: string; expiresAt: Date },
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({
      ...fields,
      verificationTokenHash: link.tokenHash,
      verificationExpiresAt: link.expiresAt,
      updatedAt: new Date(),
    })
    .where(and(eq(customers.id, id), isNull(customers.verifiedAt), isNull(customers.erasedAt)))
    .returning();
  return row ?? null;
}

export type FollowedLink = { customer: CustomerRow; previousEmail: string | null };

/**
 * Follows the link of a verification mail, once: a new account becomes verified; an account with a
 * pending e-mail takes it, and every session but the one that asked ends. The token is spent by a
 * conditional UPDATE, so links used several times at once succeed once. Null when unknown or
 * expired; 'email-taken' (and the change dropped) when another account took the address meanwhile.
 */
export async function followVerificationLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<FollowedLink | 'email-taken' | null> {
  const link = and(
    eq(customers.verificationTokenHash, tokenHash),
    gt(customers.verificationExpiresAt, now),
    isNull(customers.erasedAt),
  );
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(customers)
        .set({ verificationTokenHash: null, verificationExpiresAt: null, updatedAt: now })
        .where(link)
        .returning({
          id: customers.id,
          email: customers.email,
          pendingEmail: customers.pendingEmail,
          session: customers.pendingEmailSession,
        });
      if (!spent) return null;
      if (!spent.pendingEmail) {
        const [row] = await tx
          .update(customers)
          .set({ verifiedAt: sql`COALESCE(${customers.verifiedAt}, ${now})` })
          .where(eq(customers.id, spent.id))
          .returning();
        return { customer: row!, previousEmail: null };
      }
      const [row] = await tx
        .update(customers)
        .set({ email: spent.pendingEmail, pendingEmail: null, pendingEmailSession: null })
        .where(eq(customers.id, spent.id))
        .returning();
      await endSessions(tx as unknown as Db, spent.id, now, spent.session ?? undefined);
      return { customer: row!, previousEmail: spent.email };
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

export async function findByResetToken(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.resetTokenHash, tokenHash), gt(customers.resetExpiresAt, now), isNull(customers.erasedAt)));
  return row ?? null;
}

/**
 * Sets a new password from a reset link, spending it in the same conditional UPDATE (links used
 * several times at once succeed once; false for the others). Following it proves the mailbox: the
 * account is verified. A pending e-mail change is dropped, and every session of the account ends.
 */
export async function resetPassword(db: Db, tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({
        passwordHash,
        resetTokenHash: null,
        resetExpiresAt: null,
        verifiedAt: sql`COALESCE(${customers.verifiedAt}, ${now})`,
        verificationTokenHash: null,
        verificationExpiresAt: null,
        pendingEmail: null,
        pendingEmailSession: null,
        updatedAt: now,
      })
      .where(
        and(eq(customers.resetTokenHash, tokenHash), gt(customers.resetExpiresAt, now), isNull(customers.erasedAt)),
      )
      .returning({ id: customers.id });
    if (!row) return false;
    await endSessions(tx as unknown as Db, row.id, now);
    return true;
  });
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
    await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, id));
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
export async function createAddress(db: Db, customerId: number, fields: AddressFields): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, customerId })
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
): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
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
