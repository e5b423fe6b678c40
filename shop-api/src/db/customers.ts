/** Customers, their refresh tokens and their addresses. Every address read is scoped to its owner. */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_MS } from '../domain/secrets.js';
import type { Db } from './client.js';
import { addresses, customers, refreshTokens } from './schema.js';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string }; code?: string });
  return cause?.code === '23505' || cause?.cause?.code === '23505';
};

export async function createCustomer(db: Db, fields: typeof customers.$inferInsert): Promise<CustomerRow | 'email-taken'> {
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

export async function updateCustomer(db: Db, id: number, fields: Partial<typeof customers.$inferInsert>): Promise<CustomerRow | 'email-taken' | null> {
  try {
    const [row] = await db.update(customers).set({ ...fields, updatedAt: new Date() }).where(eq(customers.id, id)).returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
}

/** Consumes a verification token: the account becomes verified; null when unknown or expired. */
export async function verifyCustomer(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db.update(customers)
    .set({ verifiedAt: now, verificationTokenHash: null, verificationExpiresAt: null, updatedAt: now })
    .where(and(eq(customers.verificationTokenHash, tokenHash), gt(customers.verificationExpiresAt, now)))
    .returning();
  return row ?? null;
}

export async function findByResetToken(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers)
    .where(and(eq(customers.resetTokenHash, tokenHash), gt(customers.resetExpiresAt, now)));
  return row ?? null;
}

/** Sets a new password from a reset link: the link dies, and every session of the account ends. */
export async function resetPassword(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, resetTokenHash: null, resetExpiresAt: null, updatedAt: now }).where(eq(customers.id, id));
    await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.customerId, id), isNull(refreshTokens.revokedAt)));
  });
}

// Refresh tokens

export async function storeRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export type RefreshOutcome =
  | { kind: 'rotated'; customerId: number; family: string }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'reused'; customerId: number };

/**
 * Spends a refresh token. A token spent again after the grace period, or revoked, means a copy is in
 * other hands: its whole family (every token of that login) is revoked.
 */
export async function spendRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    if (!row) return { kind: 'unknown' } as const;
    const withinGrace = row.usedAt !== null && !row.revokedAt && now.getTime() - row.usedAt.getTime() < REFRESH_REUSE_GRACE_MS;
    if (withinGrace && row.expiresAt.getTime() > now.getTime()) return { kind: 'rotated', customerId: row.customerId, family: row.family } as const;
    if (row.usedAt || row.revokedAt) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
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
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
  return true;
}

// Addresses

export async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.id));
}

export async function findAddress(db: Db, customerId: number, id: number): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  return row ?? null;
}

/** Adds an address; the first one becomes the default (as Sylius's AddressDataPersister does). */
export async function createAddress(db: Db, customerId: number, fields: AddressFields): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(addresses).values({ ...fields, customerId }).returning();
    await tx.update(customers).set({ defaultAddressId: row!.id })
      .where(and(eq(customers.id, customerId), isNull(customers.defaultAddressId)));
    return row!;
  });
}

export async function updateAddress(db: Db, customerId: number, id: number, fields: AddressFields): Promise<AddressRow | null> {
  const [row] = await db.update(addresses).set({ ...fields, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId))).returning();
  return row ?? null;
}

export async function deleteAddress(db: Db, customerId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.customerId, customerId))).returning({ id: addresses.id });
    if (deleted.length === 0) return false;
    await tx.update(customers).set({ defaultAddressId: null }).where(and(eq(customers.id, customerId), eq(customers.defaultAddressId, id)));
    return true;
  });
}
