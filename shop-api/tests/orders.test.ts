import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { customers, orders, payments, productVariants } from '../src/db/schema.js';
import { CART_MESSAGES } from '../src/domain/cart.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { buyers } from './helpers/buyers.js';
import { sessionToken } from './helpers/sessions.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-order-tests-0123456789';

describe.each(BACKENDS)('carts on %s', (backend) => {
  let shop: TestShop;
  const jwt = createJwtService(new TextEncoder().encode('order-tests-signing-key-of-enough-length-000'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);
  const parts = async (n: number) =>
    (await call('GET', `${API}/products?itemsPerPage=${n}`)).body['hydra:member'] as Json[];

  beforeAll(async () => {
    shop = await startTestShop(backend, 150, { staffToken: STAFF, jwt });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('creates an empty cart with every state at cart', async () => {
    const created = await call('POST', `${API}/orders`, { localeCode: 'fr_FR' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      '@type': 'Order',
      state: 'cart',
      checkoutState: 'cart',
      paymentState: 'cart',
      shippingState: 'cart',
      items: [],
      itemsTotal: 0,
      total: 0,
      currencyCode: 'EUR',
      localeCode: 'fr_FR',
      number: null,
    });
    expect(created.body.tokenValue).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('GET', `${API}/orders/${created.body.tokenValue}`)).body).not.toHaveProperty('state');
    expect((await call('GET', `${API}/orders/inconnu`)).status).toBe(404);
  });

  it('adds a part once at its price, by code or IRI, and removes it', async () => {
    const [first, second] = await parts(2);
    const cart = (await call('POST', `${API}/orders`, {})).body;
    const added = await call('POST', `${API}/orders/${cart.tokenValue}/items`, {
      productVariant: first!.defaultVariant,
      quantity: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body.items).toHaveLength(1);
    expect(added.body.items[0]).toMatchObject({
      productName: first!.name,
      quantity: 1,
      unitPrice: first!.defaultVariantData.price,
    });
    const both = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: second!.code });
    expect(both.body.itemsTotal).toBe(first!.defaultVariantData.price + second!.defaultVariantData.price);
    expect(both.body.itemsTotalQuantities).toBe(2);

    const again = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: first!.code });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([
      { propertyPath: 'productVariant', message: CART_MESSAGES.already, code: 'cart.already' },
    ]);
    expect((await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: 'P9999999' })).status).toBe(
      422,
    );

    const itemId = both.body.items[0].id;
    expect((await call('DELETE', `${API}/orders/${cart.tokenValue}/items/${itemId}`)).status).toBe(204);
    expect((await call('DELETE', `${API}/orders/${cart.tokenValue}/items/${itemId}`)).status).toBe(404);
    // Ids no row can have (past the database's integer) are not found either, never a database error.
    for (const id of ['2147483648', '9999999999', '0'])
      expect((await call('DELETE', `${API}/orders/${cart.tokenValue}/items/${id}`)).status, id).toBe(404);
    const after = (await call('GET', `${API}/orders/${cart.tokenValue}`)).body;
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe(second!.defaultVariantData.price);
  });

  it('refuses a second unit, a sold part and a part held by another checkout, in French', async () => {
    const [, , , part, held] = await parts(5);
    const cart = (await call('POST', `${API}/orders`, {})).body;
    const two = await call('POST', `${API}/orders/${cart.tokenValue}/items`, {
      productVariant: part!.code,
      quantity: 2,
    });
    expect(two.body.violations).toEqual([
      { propertyPath: 'quantity', message: CART_MESSAGES.quantity, code: 'cart.quantity' },
    ]);

    await shop.app.inject({
      method: 'POST',
      url: `/api/v2/admin/products/${part!.code}/mark-sold`,
      headers: { authorization: `Bearer ${STAFF}` },
    });
    const sold = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: part!.code });
    expect(sold.status).toBe(422);
    expect(sold.body.violations[0]).toMatchObject({ message: CART_MESSAGES.sold, code: 'cart.sold' });

    // Another shopper's open payment holds the part.
    const [other] = await shop.database.db
      .insert(orders)
      .values({ tokenValue: 'another-shoppers-cart-token-0001' })
      .returning();
    const [payment] = await shop.database.db
      .insert(payments)
      .values({
        orderId: other!.id,
        provider: 'sandbox',
        amount: 100,
        currencyCode: 'EUR',
        sessionId: 'sbx_another_shopper',
        checkoutUrl: '',
        afterSuccessUrl: '',
        afterCancelUrl: '',
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    await shop.database.db
      .update(productVariants)
      .set({ heldByPaymentId: payment!.id })
      .where(eq(productVariants.code, held!.code));
    const reserved = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: held!.code });
    expect(reserved.body.violations[0].message).toBe(CART_MESSAGES.reserved);
  });

  it('keeps a signed-in customer’s cart to that customer', async () => {
    // Two customers, each signed in (a token naming a session of theirs).
    const { token: alice } = await buyer.newBuyer();
    const { token: bob } = await buyer.newBuyer();
    const cart = (await call('POST', `${API}/orders`, {}, alice)).body;
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`, undefined, alice)).status).toBe(200);
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`, undefined, bob)).status).toBe(404);
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`)).status).toBe(404);
    expect((await call('POST', `${API}/orders`, {}, 'pas.un.jeton')).status).toBe(401);
  });

  describe('checkout: addresses, plates and shipping', () => {
    const address = LEA_ADDRESS;
    const byWeight = async (test: (kg: number) => boolean) =>
      ((await call('GET', `${API}/products?itemsPerPage=100&order[price]=asc`)).body['hydra:member'] as Json[]).filter(
        (p) => test(p.weight),
      );
    async function cartWith(...codes: string[]) {
      const cart = (await call('POST', `${API}/orders`, {})).body;
      for (const code of codes)
        expect((await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: code })).status).toBe(
          201,
        );
      return cart.tokenValue as string;
    }

    it('refuses to address an empty cart', async () => {
      const cart = (await call('POST', `${API}/orders`, {})).body;
      const response = await call('PUT', `${API}/orders/${cart.tokenValue}`, { billingAddress: address });
      expect(response.status).toBe(422);
      expect(response.body.violations[0].message).toBe(
        'Votre panier est vide : ajoutez une pièce avant de passer commande.',
      );
    });

    it('addresses the order (shipping = billing by default), keeps plates, and ships from the yard for free by default', async () => {
      const [light] = await byWeight((kg) => kg < 5);
      const token = await cartWith(light!.code);
      const invalid = await call('PUT', `${API}/orders/${token}`, {
        billingAddress: { ...address, postcode: '59' },
        licencePlates: 'ABC123',
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.violations.map((v: Json) => v.propertyPath)).toEqual([
        'billingAddress.postcode',
        'licencePlates',
      ]);

      const addressed = await call('PUT', `${API}/orders/${token}`, {
        billingAddress: address,
        licencePlates: 'ab123cd, 1234 ab 59',
      });
      expect(addressed.status).toBe(200);
      expect(addressed.body).toMatchObject({
        checkoutState: 'addressed',
        state: 'cart',
        licencePlates: 'AB-123-CD, 1234 AB 59',
        billingAddress: { ...address, '@type': 'Address' },
        shippingAddress: { ...address, '@type': 'Address' },
        shipments: [{ method: '/api/v2/shop/shipping-methods/retrait_casse' }],
        shippingTotal: 0,
        total: light!.defaultVariantData.price,
      });
    });

    it('prices the methods that carry the cart, and switches the shipment to one of them', async () => {
      const [light] = await byWeight((kg) => kg < 5);
      const token = await cartWith(light!.code);
      // No shipment before the address step.
      expect((await call('PATCH', `${API}/orders/${token}/shipments/1`, { shippingMethod: 'colis' })).status).toBe(404);
      const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
      const methods = (await call('GET', `${API}/shipping-methods?tokenValue=${token}`)).body['hydra:member'] as Json[];
      expect(methods.map((m) => m.code)).toEqual(['retrait_casse', 'colis']);
      expect(methods[1]!.price).toBe(990);

      const shipmentId = addressed.shipments[0].id;
      const unfit = await call('PATCH', `${API}/orders/${token}/shipments/${shipmentId}`, {
        shippingMethod: 'messagerie',
      });
      expect(unfit.body.violations).toEqual([
        {
          propertyPath: 'shippingMethod',
          message: 'Ce mode de livraison ne convient pas au poids de votre commande.',
          code: 'checkout.methodUnfit',
        },
      ]);
      const parcel = await call('PATCH', `${API}/orders/${token}/shipments/${shipmentId}`, {
        shippingMethod: '/api/v2/shop/shipping-methods/colis',
      });
      expect(parcel.status).toBe(200);
      expect(parcel.body).toMatchObject({
        checkoutState: 'shipping_selected',
        shippingTotal: 990,
        total: light!.defaultVariantData.price + 990,
      });
      expect((await call('PATCH', `${API}/orders/${token}/shipments/99999`, { shippingMethod: 'colis' })).status).toBe(
        404,
      );
    });

    it('puts an order whose chosen method no longer fits back to "addressed": no payment opens until a new choice', async () => {
      // Parts no other test of this file uses: this one pays, which holds them.
      const light = (await byWeight((kg) => kg < 5)).at(-1);
      const heavy = (
        (await call('GET', `${API}/products?itemsPerPage=100&order[price]=desc`)).body['hydra:member'] as Json[]
      ).find((p) => p.weight > 30 && p.defaultVariantData.inStock)!;
      const token = await cartWith(light!.code);
      await buyer.give(token); // only a customer's order is paid
      const shipmentId = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body.shipments[0]
        .id;
      const choose = (method: string) =>
        call('PATCH', `${API}/orders/${token}/shipments/${shipmentId}`, { shippingMethod: method });
      expect((await choose('colis')).body.checkoutState).toBe('shipping_selected');

      // Over 30 kg the parcel no longer carries the parts: the first method that does takes its place,
      // and the order says the method is to choose again (before: still "shipping selected").
      const added = await call('POST', `${API}/orders/${token}/items`, { productVariant: heavy.code });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        checkoutState: 'addressed',
        shipments: [{ method: '/api/v2/shop/shipping-methods/retrait_casse' }],
      });
      // The shop's own return addresses (the default site of a test shop).
      const urls = {
        afterSuccessUrl: 'http://localhost:3000/commande/valide',
        afterCancelUrl: 'http://localhost:3000/commande/livraison',
      };
      expect((await call('POST', `${API}/orders/${token}/pay`, urls)).status).toBe(422);

      expect((await choose('messagerie')).body.checkoutState).toBe('shipping_selected');
      expect((await call('POST', `${API}/orders/${token}/pay`, urls)).status).toBe(200);
    });

    it('uses saved addresses of the signed-in customer only, who takes the anonymous cart', async () => {
      const [light] = await byWeight((kg) => kg < 5);
      await call('POST', `${API}/customers`, {
        firstName: 'Carole',
        lastName: 'Petit',
        email: 'carole@exemple.fr',
        password: 'pieces-auto-2026',
      });
      await call('POST', `${API}/customers`, {
        firstName: 'Denis',
        lastName: 'Roux',
        email: 'denis@exemple.fr',
        password: 'pieces-auto-2026',
      });
      const rows = await shop.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(inArray(customers.email, ['carole@exemple.fr', 'denis@exemple.fr']))
        .orderBy(asc(customers.email));
      const [carole, denis] = rows.map((row) => row.id);
      const caroleToken = await sessionToken(shop.database.db, jwt, { id: carole!, email: 'carole@exemple.fr' });
      const denisToken = await sessionToken(shop.database.db, jwt, { id: denis!, email: 'denis@exemple.fr' });
      const saved = (
        await call('POST', `${API}/addresses`, { ...address, firstName: 'Carole', lastName: 'Petit' }, caroleToken)
      ).body;
      const denisAddress = (
        await call('POST', `${API}/addresses`, { ...address, firstName: 'Denis', lastName: 'Roux' }, denisToken)
      ).body;
      const token = await cartWith(light!.code);

      expect(
        (await call('PUT', `${API}/orders/${token}`, { billingAddressId: saved.id })).body.violations[0].message,
      ).toBe('Connectez-vous pour utiliser une adresse de votre carnet.');
      // Used with Carole's token, the anonymous cart becomes hers (as Sylius blames a cart on its user).
      expect(
        (await call('PUT', `${API}/orders/${token}`, { billingAddressId: denisAddress.id }, caroleToken)).body
          .violations[0].message,
      ).toBe('Cette adresse ne fait pas partie de votre carnet.');
      const used = await call(
        'PUT',
        `${API}/orders/${token}`,
        { billingAddressId: saved.id, shippingAddressId: saved.id },
        caroleToken,
      );
      expect(used.status).toBe(200);
      expect(used.body).toMatchObject({
        billingAddressId: saved.id,
        shippingAddressId: saved.id,
        billingAddress: { firstName: 'Carole', city: 'Douai' },
      });
      // The anonymous cart is Carole's now: nobody else reads it by its token.
      expect((await call('GET', `${API}/orders/${token}`, undefined, caroleToken)).status).toBe(200);
      expect((await call('GET', `${API}/orders/${token}`)).status).toBe(404);
      expect((await call('GET', `${API}/orders/${token}`, undefined, denisToken)).status).toBe(404);
    });
  });
});
