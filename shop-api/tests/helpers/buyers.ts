/**
 * Buyers for the payment tests. Only a customer's order is paid, so each cart a test pays for is
 * given a buyer of its own: a customer account, made straight in the database, whose access token
 * then goes with every call about that cart (its first use makes the cart theirs, as a signed-in
 * shopper's would).
 */
import type { JwtService } from '../../src/auth/jwt.js';
import { createCustomer } from '../../src/db/customers.js';
import type { TestShop } from './backends.js';
import { sessionToken } from './sessions.js';

export function buyers(shop: () => TestShop, jwt: JwtService) {
  /** Order token → the access token of the buyer it was given to. */
  const owners = new Map<string, string>();
  let count = 0;

  /** A new customer account; its access token. */
  async function newBuyer(): Promise<{ id: number; token: string }> {
    const email = `acheteur-${++count}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
    const created = await createCustomer(shop().database.db, {
      email,
      firstName: 'Léa',
      lastName: 'Martin',
      passwordHash: 'jamais utilisé pour se connecter',
      verifiedAt: new Date(),
    });
    if (created === 'email-taken') throw new Error(`${email} existe déjà`);
    return { id: created.id, token: await sessionToken(shop().database.db, jwt, { id: created.id, email }) };
  }

  return {
    newBuyer,
    /** Gives the cart to a buyer (a new one unless named): the calls about it carry their token from now on. */
    async give(orderToken: string, buyerToken?: string): Promise<string> {
      const token = buyerToken ?? (await newBuyer()).token;
      owners.set(orderToken, token);
      return token;
    },
    /** The token of the buyer of the order a URL names (`…/orders/{token}…`), if it was given to one. */
    tokenFor(url: string): string | undefined {
      const orderToken = /\/orders\/([^/?]+)/.exec(url)?.[1];
      return orderToken ? owners.get(orderToken) : undefined;
    },
  };
}
