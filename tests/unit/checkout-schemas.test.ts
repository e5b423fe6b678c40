import { describe, expect, it } from 'vitest';
import { addressingBody, checkoutAddressSchema, type CheckoutAddressValues } from '@/lib/forms/checkout-schemas';

const typed = {
  firstName: 'Léa',
  lastName: 'Martin',
  company: '',
  street: '12 rue des Forges',
  postcode: '59500',
  city: 'Douai',
  countryCode: 'FR',
  phoneNumber: '',
};
const base: CheckoutAddressValues = { shippingChoice: '7', sameBilling: true, billingChoice: '7', licencePlates: '' };

describe('checkout address step', () => {
  it('bills the shipping address by default, from the book by id', () => {
    expect(addressingBody(base)).toEqual({ billingAddressId: 7, shippingAddressId: 7, licencePlates: '' });
  });

  it('sends a typed address as an address, with empty optional fields as null', () => {
    const body = addressingBody({ ...base, shippingChoice: 'new', shipping: typed, licencePlates: 'AB-123-CD' });
    expect(body).toEqual({
      shippingAddress: { ...typed, company: null, phoneNumber: null },
      billingAddress: { ...typed, company: null, phoneNumber: null },
      licencePlates: 'AB-123-CD',
    });
  });

  it('uses a separate billing address once the box is unticked', () => {
    expect(
      addressingBody({
        ...base,
        sameBilling: false,
        billingChoice: 'new',
        billing: { ...typed, city: 'Lens', postcode: '62300' },
      }),
    ).toEqual({
      shippingAddressId: 7,
      billingAddress: { ...typed, city: 'Lens', postcode: '62300', company: null, phoneNumber: null },
      licencePlates: '',
    });
  });

  it('checks a typed address only when one is chosen', async () => {
    await expect(checkoutAddressSchema.validate({ ...base, shipping: { street: '' } })).resolves.toBeTruthy();
    const refused = await checkoutAddressSchema
      .validate({ ...base, shippingChoice: 'new', shipping: { ...typed, postcode: '59' } }, { abortEarly: false })
      .catch((error) => error.errors);
    expect(refused).toEqual(['Un code postal français compte 5 chiffres.']);
    const billing = await checkoutAddressSchema
      .validate(
        { ...base, sameBilling: false, billingChoice: 'new', billing: { ...typed, city: '' } },
        { abortEarly: false },
      )
      .catch((error) => error.errors);
    expect(billing.length).toBeGreaterThan(0);
  });

  it('refuses a choice that is neither an id nor new', async () => {
    await expect(checkoutAddressSchema.validate({ ...base, shippingChoice: '../1' })).rejects.toThrow();
  });
});
