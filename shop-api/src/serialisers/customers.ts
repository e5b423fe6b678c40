/** A customer as the shop contract shows it (their own record only). */
import type { CustomerRow } from '../db/customers.js';
import { iri, syliusDate } from '../http/jsonld.js';

export function customerFields(customer: CustomerRow) {
  return {
    id: customer.id,
    email: customer.email,
    // The yard's extension: an address asked for, used once the link mailed to it is followed.
    pendingEmail: customer.pendingEmail,
    firstName: customer.firstName,
    lastName: customer.lastName,
    fullName: `${customer.firstName} ${customer.lastName}`,
    phoneNumber: customer.phoneNumber,
    gender: customer.gender,
    birthday: customer.birthday ? syliusDate(customer.birthday) : null,
    subscribedToNewsletter: customer.subscribedToNewsletter,
    // The yard's extension (the customer's group, individual or professional): prices with or without VAT follow it.
    group: customer.groupCode,
    companyName: customer.companyName,
    siret: customer.siret,
    defaultAddress: customer.defaultAddressId ? iri('addresses', customer.defaultAddressId) : null,
    user: { '@id': iri('shop-users', customer.id), '@type': 'ShopUser', verified: customer.verifiedAt !== null },
  };
}
