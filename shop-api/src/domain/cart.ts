/**
 * Rules of a cart of unique parts: a part can be added once, when it is for sale (not sold, not held
 * by someone's payment in progress), with quantity 1; totals are sums of integer cents.
 */
import { CHECKOUT_MESSAGES } from './checkout.js';
import { availabilityOf, type PartAvailability, type StockFacts } from './part-availability.js';
import { coded } from './refusal-codes.js';

/**
 * Parts one cart may hold. Paying holds every part of the cart for 30 minutes, so this bounds what one
 * payment takes off sale (with one open payment per customer: decision 0023); a garage buying more
 * orders twice, or calls the yard.
 */
export const MAX_PARTS_PER_CART = 20;

export const CART_MESSAGES = {
  ...coded('cart', {
    sold: 'Cette pièce vient d’être vendue : elle n’est plus disponible.',
    reserved: 'Cette pièce est en cours de commande par un autre client. Revenez dans quelques minutes.',
    quantity: 'Chaque pièce est unique : vous ne pouvez en commander qu’une.',
    already: 'Cette pièce est déjà dans votre panier.',
    unknownPart: 'Cette pièce n’existe pas ou n’est plus en vente.',
    full: `Un panier compte au plus ${MAX_PARTS_PER_CART} pièces : commandez d’abord celles-ci, puis ajoutez les suivantes à un nouveau panier.`,
  } as const),
  notCart: CHECKOUT_MESSAGES.completed,
};

/** Why the part cannot go into a cart holding `partsInCart` parts, or null when it can. */
export function addItemProblem(
  stock: StockFacts,
  quantity: number,
  alreadyInCart: boolean,
  partsInCart: number,
): string | null {
  if (quantity !== 1) return CART_MESSAGES.quantity;
  if (alreadyInCart) return CART_MESSAGES.already;
  if (partsInCart >= MAX_PARTS_PER_CART) return CART_MESSAGES.full;
  const availability = availabilityOf(stock);
  return availability === 'available' ? null : unavailableMessage(availability);
}

/** Why a part is out of reach: sold is final; anything else (held, or released since) may come back in minutes. */
export const unavailableMessage = (availability: PartAvailability) =>
  availability === 'sold' ? CART_MESSAGES.sold : CART_MESSAGES.reserved;

export interface Totals {
  itemsTotal: number;
  shippingTotal: number;
  total: number;
}

export function cartTotals(itemTotals: number[], shippingTotal: number): Totals {
  const itemsTotal = itemTotals.reduce((sum, value) => sum + value, 0);
  return {
    itemsTotal,
    shippingTotal: itemTotals.length === 0 ? 0 : shippingTotal,
    total: itemsTotal + (itemTotals.length === 0 ? 0 : shippingTotal),
  };
}
