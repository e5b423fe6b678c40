/**
 * The checkout's "address" step: billing and shipping addresses (typed, or from the signed-in
 * customer's address book) and licence plates, checked, then written through changeOrder with the
 * default delivery method that fits the parts. A signed-in customer addressing an anonymous cart takes it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { findAddress } from '../db/customers.js';
import { enabledCountryCodes } from '../db/countries.js';
import { listShippingMethods, orderWeight, writeAddresses, type OrderBundle } from '../db/orders.js';
import type { OrderAddress } from '../db/schema.js';
import { CHECKOUT_MESSAGES, defaultMethod, parsePlates } from '../domain/checkout.js';
import { addressViolations, type AddressInput } from '../domain/customer-rules.js';
import { apply, canApply, CHECKOUT } from '../domain/order-states.js';
import { ViolationError, type Violation } from '../http/errors.js';
import { changeOrder } from './change-cart.js';

export interface AddressStepBody {
  email?: string;
  billingAddress?: AddressInput | null;
  shippingAddress?: AddressInput | null;
  billingAddressId?: number | string | null;
  shippingAddressId?: number | string | null;
  licencePlates?: string | (string | { plate?: string })[] | null;
}

export interface AddressStepInput {
  /** The order as its owner may see it (access already checked). */
  bundle: OrderBundle;
  body: AddressStepBody;
  /** The signed-in customer's id; rejects when the request carries no valid customer token. */
  customerId: () => Promise<number>;
  /** Whether the request carries a customer token at all. */
  signedIn: boolean;
  log: FastifyBaseLogger;
}

export async function addressOrder(context: AppContext, input: AddressStepInput): Promise<OrderBundle> {
  const { db } = context;
  const { bundle, body } = input;
  const { order } = bundle;
  if (order.state !== 'cart' || !canApply(CHECKOUT, order.checkoutState, 'address'))
    throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
  if (bundle.items.length === 0) throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.empty }]);
  const violations: Violation[] = [];
  const shippable = new Set(await enabledCountryCodes(db));

  async function resolve(kind: 'billing' | 'shipping'): Promise<{ address: OrderAddress | null; id: number | null }> {
    const id = body[`${kind}AddressId`];
    if (id !== undefined && id !== null && id !== '') {
      const customerId = await input.customerId().catch(() => null);
      if (customerId === null) {
        violations.push({ propertyPath: `${kind}AddressId`, message: CHECKOUT_MESSAGES.signInForAddress });
        return { address: null, id: null };
      }
      const saved = /^\d{1,10}$/.test(String(id)) ? await findAddress(db, customerId, Number(id)) : null;
      if (!saved) {
        violations.push({ propertyPath: `${kind}AddressId`, message: CHECKOUT_MESSAGES.unknownAddress });
        return { address: null, id: null };
      }
      const { id: savedId, customerId: _owner, createdAt: _c, updatedAt: _u, ...fields } = saved;
      return { address: fields, id: savedId };
    }
    const typed = body[`${kind}Address`];
    if (!typed) return { address: null, id: null };
    const found = addressViolations(typed, shippable);
    violations.push(...found.map((v) => ({ ...v, propertyPath: `${kind}Address.${v.propertyPath}` })));
    const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      address: {
        firstName: clean(typed.firstName) ?? '',
        lastName: clean(typed.lastName) ?? '',
        phoneNumber: clean(typed.phoneNumber),
        company: clean(typed.company),
        countryCode: (clean(typed.countryCode) ?? '').toUpperCase(),
        provinceCode: clean(typed.provinceCode),
        provinceName: clean(typed.provinceName),
        street: clean(typed.street) ?? '',
        city: clean(typed.city) ?? '',
        postcode: clean(typed.postcode) ?? '',
      },
      id: null,
    };
  }

  const billing = await resolve('billing');
  let shipping = await resolve('shipping');
  // Without a shipping address, the parts go to the billing address (Sylius's OrderAddressModifier).
  if (!shipping.address) shipping = billing;
  if (!billing.address && violations.length === 0)
    violations.push({ propertyPath: 'billingAddress', message: CHECKOUT_MESSAGES.billingAddress });
  const plates = parsePlates(body.licencePlates ?? null);
  violations.push(...plates.errors.map((message) => ({ propertyPath: 'licencePlates', message })));
  if (violations.length > 0) throw new ViolationError(violations);

  const method = defaultMethod(
    await listShippingMethods(db),
    await orderWeight(db, order.id),
    bundle.shipment?.methodCode,
  );
  if (!method) throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.methodUnfit }]);
  // A signed-in customer addressing an anonymous cart takes it (Sylius's AddressOrderHandler): from
  // then on it answers only to them and appears in their orders.
  const owner = order.customerId === null && input.signedIn ? await input.customerId() : undefined;
  const updated = await changeOrder(context, input.log, order, async (tx, locked) => {
    if (!canApply(CHECKOUT, locked.checkoutState, 'address'))
      throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
    await writeAddresses(
      tx,
      order.id,
      {
        ...(owner !== undefined ? { customerId: owner } : {}),
        billingAddress: billing.address!,
        shippingAddress: shipping.address!,
        billingAddressId: billing.id,
        shippingAddressId: shipping.id,
        licencePlates: plates.plates.length > 0 ? plates.plates.join(', ') : null,
        checkoutState: apply(CHECKOUT, locked.checkoutState, 'address'),
      },
      method.code,
    );
  });
  return updated;
}
