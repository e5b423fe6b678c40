/**
 * Checkout rules that need no database: licence plates as the storefront sends them, the default
 * shipping method for a weight, and the French messages of the checkout.
 */
import { normalizePlate } from './licence-plate.js';
import { coded } from './refusal-codes.js';
import { fitsWeight, shippingPrice, type ShippingRule } from './shipping-price.js';

export const CHECKOUT_MESSAGES = coded('checkout', {
  empty: 'Votre panier est vide : ajoutez une pièce avant de passer commande.',
  notAddressed: 'Indiquez d’abord votre adresse de livraison.',
  completed: 'Cette commande est déjà validée : elle ne peut plus être modifiée.',
  unknownAddress: 'Cette adresse ne fait pas partie de votre carnet.',
  signInForAddress: 'Connectez-vous pour utiliser une adresse de votre carnet.',
  methodUnfit: 'Ce mode de livraison ne convient pas au poids de votre commande.',
  unknownMethod: 'Ce mode de livraison n’existe pas.',
  plate: (plate: string) => `« ${plate} » n’est pas une immatriculation française (AB-123-CD ou 1234 AB 59).`,
  tooManyPlates: 'Indiquez au plus 5 immatriculations.',
  billingAddress: 'Indiquez une adresse de facturation.',
} as const);

/** Plates typed as "AB-123-CD, 1234 AB 59", as a list, or as `[{ plate }]`. */
export function parsePlates(input: unknown): { plates: string[]; errors: string[] } {
  const raw: string[] =
    typeof input === 'string'
      ? input.split(',')
      : Array.isArray(input)
        ? input.map((entry) =>
            typeof entry === 'string' ? entry : String((entry as { plate?: unknown })?.plate ?? ''),
          )
        : [];
  const typed = raw.map((plate) => plate.trim()).filter(Boolean);
  const errors: string[] = [];
  const plates: string[] = [];
  for (const plate of typed) {
    const normalized = normalizePlate(plate);
    if (!normalized) errors.push(CHECKOUT_MESSAGES.plate(plate));
    else if (!plates.includes(normalized)) plates.push(normalized);
  }
  if (plates.length > 5) errors.push(CHECKOUT_MESSAGES.tooManyPlates);
  return { plates, errors };
}

export interface MethodRule extends ShippingRule {
  code: string;
}

/** Methods that can carry `weightGrams`, with their price, in the shop's order. */
export function methodsFor<M extends MethodRule>(methods: M[], weightGrams: number): (M & { price: number })[] {
  return methods
    .filter((method) => fitsWeight(method, weightGrams))
    .map((method) => ({ ...method, price: shippingPrice(method, weightGrams) }));
}

/** The current method if it still fits the weight, otherwise the first that does (pickup first). */
export function defaultMethod<M extends MethodRule>(
  methods: M[],
  weightGrams: number,
  current?: string | null,
): (M & { price: number }) | null {
  const fitting = methodsFor(methods, weightGrams);
  return fitting.find((method) => method.code === current) ?? fitting[0] ?? null;
}

/** The number an order gets when its payment places it (9 digits from its id): shown on the payment page already. */
export const orderNumber = (orderId: number) => String(orderId).padStart(9, '0');
