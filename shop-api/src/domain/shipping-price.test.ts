import { describe, expect, it } from 'vitest';
import { fitsWeight, shippingPrice, type ShippingRule } from './shipping-price.js';

const pickup: ShippingRule = {
  basePrice: 0,
  includedWeightGrams: 0,
  pricePerExtraKg: 0,
  minWeightGrams: null,
  maxWeightGrams: null,
};
const parcel: ShippingRule = {
  basePrice: 990,
  includedWeightGrams: 5000,
  pricePerExtraKg: 60,
  minWeightGrams: null,
  maxWeightGrams: 30000,
};
const freight: ShippingRule = {
  basePrice: 6900,
  includedWeightGrams: 100000,
  pricePerExtraKg: 40,
  minWeightGrams: 20000,
  maxWeightGrams: null,
};

describe('shipping price', () => {
  it('is free at the yard whatever the weight', () => {
    expect(shippingPrice(pickup, 180_000)).toBe(0);
  });

  it('charges the base price up to the included weight, then every started kilogram', () => {
    expect(shippingPrice(parcel, 3200)).toBe(990);
    expect(shippingPrice(parcel, 5000)).toBe(990);
    expect(shippingPrice(parcel, 5001)).toBe(1050);
    expect(shippingPrice(parcel, 12_400)).toBe(990 + 8 * 60);
    expect(shippingPrice(freight, 145_000)).toBe(6900 + 45 * 40);
  });

  it('sends light parts by parcel, heavy ones by freight, and both for the range in between', () => {
    expect([fitsWeight(parcel, 3200), fitsWeight(freight, 3200)]).toEqual([true, false]);
    expect([fitsWeight(parcel, 25_000), fitsWeight(freight, 25_000)]).toEqual([true, true]);
    expect([fitsWeight(parcel, 145_000), fitsWeight(freight, 145_000)]).toEqual([false, true]);
  });
});
