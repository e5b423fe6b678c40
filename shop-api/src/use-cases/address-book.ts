/**
 * The signed-in customer's address book: an address checked against the shop's rules and the countries
 * it ships to, then added, changed or removed, always within that customer's own book.
 */
import type { AppContext } from '../context.js';
import { enabledCountryCodes } from '../db/countries.js';
import {
  createAddress,
  deleteAddress,
  findAddress,
  updateAddress,
  type AddressFields,
  type AddressRow,
} from '../db/customers.js';
import { addressViolations, type AddressInput } from '../domain/customer-rules.js';
import { ViolationError } from '../http/errors.js';

const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The address as stored, or the French violations (422). */
async function validated(context: AppContext, input: AddressInput): Promise<AddressFields> {
  const shippable = new Set(await enabledCountryCodes(context.db));
  const violations = addressViolations(input, shippable);
  if (violations.length > 0) throw new ViolationError(violations);
  return {
    firstName: clean(input.firstName)!,
    lastName: clean(input.lastName)!,
    phoneNumber: clean(input.phoneNumber),
    company: clean(input.company),
    countryCode: clean(input.countryCode)!.toUpperCase(),
    provinceCode: clean(input.provinceCode),
    provinceName: clean(input.provinceName),
    street: clean(input.street)!,
    city: clean(input.city)!,
    postcode: clean(input.postcode)!,
  };
}

export async function addAddress(
  context: AppContext,
  input: { customerId: number; input: AddressInput },
): Promise<AddressRow> {
  return createAddress(context.db, input.customerId, await validated(context, input.input), context.now());
}

/** The changed address; null when the customer has no address of that id. */
export async function changeAddress(
  context: AppContext,
  input: { customerId: number; id: number; input: AddressInput },
): Promise<AddressRow | null> {
  const { db, now } = context;
  if (!(await findAddress(db, input.customerId, input.id))) return null;
  return updateAddress(db, input.customerId, input.id, await validated(context, input.input), now());
}

/** Whether the customer had that address. */
export async function removeAddress(context: AppContext, input: { customerId: number; id: number }): Promise<boolean> {
  return deleteAddress(context.db, input.customerId, input.id);
}
