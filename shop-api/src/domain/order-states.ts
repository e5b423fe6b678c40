/**
 * The order's state machines (Sylius's graphs), with the yard's two additions the
 * storefront's status labels rely on: order `validated` (staff checked the parts and the payment) and
 * shipping `waiting` (ready, waiting for the customer at the yard or for the carrier's pickup).
 * Plain data and one function: the order service applies transitions, tests read them here.
 */
export type Graph = Record<string, { from: readonly string[]; to: string }>;

export const ORDER = {
  create: { from: ['cart'], to: 'new' },
  validate: { from: ['new'], to: 'validated' },
  fulfill: { from: ['new', 'validated'], to: 'fulfilled' },
  cancel: { from: ['new', 'validated'], to: 'cancelled' },
} as const satisfies Graph;

export const CHECKOUT = {
  address: {
    from: ['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected', 'payment_skipped'],
    to: 'addressed',
  },
  select_shipping: {
    from: ['addressed', 'shipping_selected', 'payment_selected', 'payment_skipped'],
    to: 'shipping_selected',
  },
  select_payment: { from: ['payment_selected', 'shipping_skipped', 'shipping_selected'], to: 'payment_selected' },
  complete: { from: ['payment_selected', 'payment_skipped'], to: 'completed' },
} as const satisfies Graph;

export const PAYMENT = {
  request_payment: { from: ['cart'], to: 'awaiting_payment' },
  pay: { from: ['awaiting_payment'], to: 'paid' },
  cancel: { from: ['awaiting_payment'], to: 'cancelled' },
  refund: { from: ['paid'], to: 'refunded' },
} as const satisfies Graph;

export const SHIPPING = {
  request_shipping: { from: ['cart'], to: 'ready' },
  wait: { from: ['ready'], to: 'waiting' },
  ship: { from: ['ready', 'waiting'], to: 'shipped' },
  cancel: { from: ['ready', 'waiting'], to: 'cancelled' },
} as const satisfies Graph;

export class TransitionError extends Error {
  constructor(
    readonly transition: string,
    readonly from: string,
  ) {
    super(`Transition « ${transition} » impossible depuis l'état « ${from} ».`);
  }
}

export function canApply<G extends Graph>(graph: G, state: string, transition: keyof G & string): boolean {
  return (graph[transition]?.from as readonly string[] | undefined)?.includes(state) ?? false;
}

/** The state after `transition`, or a TransitionError when the graph does not allow it from `state`. */
export function apply<G extends Graph>(
  graph: G,
  state: string,
  transition: keyof G & string,
): G[typeof transition]['to'] {
  if (!canApply(graph, state, transition)) throw new TransitionError(transition, state);
  return graph[transition]!.to;
}
