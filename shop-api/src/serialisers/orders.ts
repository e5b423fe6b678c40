/** An order as the shop contract shows it (carts, placed orders, the staff's and the customer's lists). */
import type { OrderBundle } from '../db/orders.js';
import type { OrderAddress } from '../db/schema.js';
import { CHANNEL_CODE } from '../domain/channel.js';
import { API_PREFIX, iri, syliusDate } from '../http/jsonld.js';

const addressOut = (address: OrderAddress | null) => (address ? { '@type': 'Address', ...address } : null);

export function orderFields({ order, items, shipment }: OrderBundle, { withState }: { withState: boolean }) {
  return {
    ...(withState
      ? {
          channel: `${API_PREFIX}/channels/${CHANNEL_CODE}`,
          state: order.state,
          checkoutCompletedAt: order.checkoutCompletedAt ? syliusDate(order.checkoutCompletedAt) : null,
        }
      : {}),
    shippingAddress: addressOut(order.shippingAddress),
    billingAddress: addressOut(order.billingAddress),
    // The ids of the address book the addresses came from, and the plates (yard's extensions).
    billingAddressId: order.billingAddressId,
    shippingAddressId: order.shippingAddressId,
    licencePlates: order.licencePlates,
    payments: [],
    shipments: shipment
      ? [
          {
            '@id': iri('shipments', shipment.id),
            '@type': 'Shipment',
            id: shipment.id,
            method: iri('shipping-methods', shipment.methodCode),
          },
        ]
      : [],
    currencyCode: order.currencyCode,
    localeCode: order.localeCode,
    checkoutState: order.checkoutState,
    paymentState: order.paymentState,
    shippingState: order.shippingState,
    tokenValue: order.tokenValue,
    id: order.id,
    number: order.number,
    items: items.map((row) => ({
      '@id': iri('order-items', row.id),
      '@type': 'OrderItem',
      id: row.id,
      variant: iri('product-variants', row.variantCode),
      productName: row.productName,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      originalUnitPrice: row.unitPrice,
      discountedUnitPrice: row.unitPrice,
      total: row.total,
      subtotal: row.total,
    })),
    itemsTotal: order.itemsTotal,
    itemsSubtotal: order.itemsTotal,
    itemsTotalQuantities: items.reduce((sum, row) => sum + row.quantity, 0),
    shippingTotal: order.shippingTotal,
    taxTotal: 0,
    orderPromotionTotal: 0,
    shippingPromotionTotal: 0,
    total: order.total,
  };
}
