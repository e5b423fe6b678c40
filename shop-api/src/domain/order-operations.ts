/**
 * What the yard's staff can do with a placed order, as changes of its states (plain data, tested
 * without a database). Cancelling a paid order refunds it and puts its parts back on sale.
 */
import { apply, ORDER, PAYMENT, SHIPPING } from './order-states.js';

export const STAFF_OPERATIONS = ['validate', 'wait', 'ship', 'fulfill', 'cancel'] as const;
export type StaffOperation = (typeof STAFF_OPERATIONS)[number];

export interface OrderStates {
  state: string;
  paymentState: string;
  shippingState: string;
}

export interface OperationOutcome extends OrderStates {
  /** The parts go back on sale (a cancelled order). */
  restock: boolean;
}

/** The states after `operation`, or a TransitionError (French message) when it does not apply. */
export function operate(order: OrderStates, operation: StaffOperation): OperationOutcome {
  switch (operation) {
    case 'validate':
      if (order.paymentState !== 'paid') throw new Error('Une commande se valide une fois payée.');
      return { ...order, state: apply(ORDER, order.state, 'validate'), restock: false };
    case 'wait':
      return { ...order, shippingState: apply(SHIPPING, order.shippingState, 'wait'), restock: false };
    case 'ship':
      if (order.state !== 'validated') throw new Error('Validez la commande avant de l’expédier.');
      return { ...order, shippingState: apply(SHIPPING, order.shippingState, 'ship'), restock: false };
    case 'fulfill':
      if (order.shippingState !== 'shipped') throw new Error('Une commande se termine une fois expédiée ou retirée.');
      return { ...order, state: apply(ORDER, order.state, 'fulfill'), restock: false };
    case 'cancel':
      return {
        state: apply(ORDER, order.state, 'cancel'),
        paymentState: order.paymentState === 'paid' ? apply(PAYMENT, order.paymentState, 'refund') : order.paymentState,
        shippingState: apply(SHIPPING, order.shippingState, 'cancel'),
        restock: true,
      };
  }
}
