/** An order as the shop API answers it (contract §1.2): amounts in integer cents, computed by the server. */
import { safeDecode } from '@/lib/url/decode';
export interface OrderAddress {
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  city: string;
  postcode: string;
  countryCode: string;
  phoneNumber: string | null;
}

export interface OrderItem {
  id: number;
  /** IRI of the variant, ending with its code. */
  variant: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface Order {
  tokenValue: string;
  number: string | null;
  /** Absent from a cart's view (Sylius's cart has no `state`); present once the order is placed. */
  state?: string;
  checkoutState: string;
  paymentState: string;
  shippingState: string;
  currencyCode: string;
  items: OrderItem[];
  itemsTotal: number;
  shippingTotal: number;
  total: number;
  itemsTotalQuantities: number;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  billingAddressId: number | null;
  shippingAddressId: number | null;
  /** Plates joined by ", " (spec §3). */
  licencePlates: string | null;
  /** `method` is the IRI of the shipping method, ending with its code. */
  shipments: { id: number; method: string }[];
}

/** The code at the end of an IRI such as /api/v2/shop/shipping-methods/colis. */
export const codeOfIri = (iri: string | null | undefined): string | null => (iri ? safeDecode(iri.split('/').pop() ?? '') || null : null);
