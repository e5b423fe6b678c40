/**
 * A customer's personal data (RGPD arts 15, 17 and 20): everything the shop keeps about them, as one
 * document, and the erasure of their account. Erasure keeps placed orders for accounting (invoices are
 * kept 10 years, Code de commerce L123-22): their number, parts, totals and postal addresses stay,
 * without phone numbers, licence plates or e-mail; quote requests for export vehicles go. The orders
 * keep their link to the emptied account: an order of an account answers only to that account, and
 * an erased one never signs in again, so nobody reads them by their token (the staff still list them).
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { findOrder, type OrderBundle } from './orders.js';
import { cancelOpenPayments } from './payments.js';
import { catalogueTransaction } from './stock.js';
import {
  accountRecoveries,
  passwordHistory,
  addresses,
  customers,
  exportQuoteRequests,
  orders,
  refreshTokens,
  registrations,
  withdrawals,
  type OrderAddress,
} from './schema.js';

export async function customerOrders(db: Db, customerId: number): Promise<OrderBundle[]> {
  const rows = await db
    .select({ token: orders.tokenValue })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.id));
  return (await Promise.all(rows.map((row) => findOrder(db, row.token)))).filter(
    (bundle): bundle is OrderBundle => bundle !== null,
  );
}

export async function customerAddresses(db: Db, customerId: number) {
  return db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.id));
}

/** The addresses the account left that may still take it back (decision 0028), and until when. */
export async function customerPreviousEmails(db: Db, customerId: number, now: Date) {
  return db
    .select({ email: accountRecoveries.email, until: accountRecoveries.expiresAt })
    .from(accountRecoveries)
    .where(and(eq(accountRecoveries.customerId, customerId), sql`${accountRecoveries.expiresAt} > ${now}`))
    .orderBy(asc(accountRecoveries.id));
}

const withoutPhone = (address: OrderAddress | null) => (address ? { ...address, phoneNumber: null } : null);

/** Erases the account; false when it was already erased. One transaction: all of it or nothing. */
export async function eraseCustomer(db: Db, customerId: number, now: Date): Promise<boolean> {
  return catalogueTransaction(db, async (tx) => {
    const [customer] = await tx
      .select({ erasedAt: customers.erasedAt })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer || customer.erasedAt) return false;
    await tx.delete(registrations).where(eq(registrations.customerId, customerId));
    await tx.delete(accountRecoveries).where(eq(accountRecoveries.customerId, customerId));
    await tx.delete(passwordHistory).where(eq(passwordHistory.customerId, customerId));
    const own = await tx
      .select({ id: orders.id, state: orders.state, billing: orders.billingAddress, shipping: orders.shippingAddress })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    const carts = own.filter((order) => order.state === 'cart').map((order) => order.id);
    if (carts.length > 0) {
      // A cart being paid holds its parts: its payment ends and they go back on sale with it (money
      // a provider still takes for it is refunded: the payment no longer exists).
      for (const orderId of carts) await cancelOpenPayments(tx, orderId, now);
      await tx.delete(orders).where(inArray(orders.id, carts));
    }
    for (const order of own.filter((row) => row.state !== 'cart')) {
      await tx
        .update(orders)
        .set({
          licencePlates: null,
          billingAddressId: null,
          shippingAddressId: null,
          billingAddress: withoutPhone(order.billing),
          shippingAddress: withoutPhone(order.shipping),
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      await tx.update(withdrawals).set({ email: null }).where(eq(withdrawals.orderId, order.id));
    }
    await tx.delete(addresses).where(eq(addresses.customerId, customerId));
    // Quote requests are prospecting, not contracts: the yard got its mail; nothing of them is kept.
    await tx.delete(exportQuoteRequests).where(eq(exportQuoteRequests.customerId, customerId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.customerId, customerId));
    await tx
      .update(customers)
      .set({
        email: `compte-supprime-${customerId}@invalid`,
        firstName: '',
        lastName: '',
        phoneNumber: null,
        gender: 'u',
        birthday: null,
        subscribedToNewsletter: false,
        companyName: null,
        siret: null,
        defaultAddressId: null,
        // Nobody can sign in: the hash is of nothing argon2 ever produces.
        passwordHash: '!',
        verifiedAt: null,
        verificationTokenHash: null,
        verificationExpiresAt: null,
        resetTokenHash: null,
        resetExpiresAt: null,
        pendingEmail: null,
        pendingEmailSession: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(customers.id, customerId));
    return true;
  });
}

/** Accounts not erased whose last sign-in (or creation) is before `cutoff`: candidates for a warning or erasure. */
export async function idleCustomers(db: Db, cutoff: Date) {
  return db
    .select()
    .from(customers)
    .where(and(isNull(customers.erasedAt), lt(sql`COALESCE(${customers.lastSeenAt}, ${customers.createdAt})`, cutoff)))
    .orderBy(asc(customers.id))
    .limit(500);
}
