/**
 * Which shipping methods carry a shipment, and for how much (integer cents, computed on the server
 * only). Pickup is free; parcel and freight cost a base price for an included weight plus a price
 * per started kilogram above it; each method accepts a weight range (parcel ≤ 30 kg, freight ≥ 20 kg).
 */
export interface ShippingRule {
  basePrice: number;
  includedWeightGrams: number;
  pricePerExtraKg: number;
  minWeightGrams: number | null;
  maxWeightGrams: number | null;
}

export const fitsWeight = (rule: ShippingRule, weightGrams: number) =>
  (rule.minWeightGrams === null || weightGrams >= rule.minWeightGrams) &&
  (rule.maxWeightGrams === null || weightGrams <= rule.maxWeightGrams);

export function shippingPrice(rule: ShippingRule, weightGrams: number): number {
  const extraKg = Math.max(0, Math.ceil((weightGrams - rule.includedWeightGrams) / 1000));
  return rule.basePrice + extraKg * rule.pricePerExtraKg;
}
