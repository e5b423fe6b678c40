/** An order as the shop API answers it (contract §1.2): amounts in integer cents, computed by the server. */
import type { Address } from '@/lib/account/server';

/** An address copied onto the order: the address book's fields, without the book's identity. */
export type OrderAddress = Omit<Address, '@id' | 'id'>;

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
