/** An order as the shop API answers it: amounts in integer cents, computed by the server. */
import type { Address } from '@/lib/account/server';
import { isShopIdentifier } from '@/lib/shop-api/identifier';

/** An order token as the shop API makes them; anything else names no order (no call is made). */
export const isOrderToken = (token: unknown): token is string => isShopIdentifier(token);

/** An address copied onto the order: the address book's fields, without the book's identity. */
export type OrderAddress = Omit<Address, '@id' | 'id'>;

interface OrderItem {
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
  /** When the payment placed the order (UTC, "2026-11-03 14:05:00"); absent from a cart's view. */
  checkoutCompletedAt?: string | null;
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
  /** Plates joined by ", ". */
  licencePlates: string | null;
  /** `method` is the IRI of the shipping method, ending with its code. */
  shipments: { id: number; method: string }[];
}

/** A withdrawal request recorded by the shop API. */
interface WithdrawalRequest {
  id: number;
  /** IRIs of the order items withdrawn from. */
  items: string[];
  productNames: string[];
  requestedAt: string;
  acknowledgedAt: string | null;
}

/** Whether the customer may still withdraw from an order (yard's extension, Code de la consommation L221-21). */
export interface WithdrawalStatus {
  open: boolean;
  /** Why it is closed, in French; null while open. */
  reason: string | null;
  /** Last moment to withdraw; null before the parts are received (the 14 days have not started). */
  deadline: string | null;
  /** IRIs of the items that can still be withdrawn from. */
  withdrawableItems: string[];
  requests: WithdrawalRequest[];
}
