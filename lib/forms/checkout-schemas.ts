/** Client-side rules of the checkout's address step; the shop API checks them again (422). */
import { addressSchema } from './account-schemas';
import { yup } from './yup-fr';

/** 'new' or the id of an address of the customer's book. */
const choice = yup
  .string()
  .required()
  .matches(/^(new|\d{1,10})$/);
const typedWhen = (field: string) =>
  yup.object().when(field, {
    is: 'new',
    then: () => addressSchema.required(),
    otherwise: (schema) => schema.strip(),
  });

export const checkoutAddressSchema = yup.object({
  shippingChoice: choice,
  shipping: typedWhen('shippingChoice'),
  sameBilling: yup.boolean().default(true),
  billingChoice: choice,
  billing: yup.object().when(['sameBilling', 'billingChoice'], {
    is: (same: boolean, billingChoice: string) => !same && billingChoice === 'new',
    then: () => addressSchema.required(),
    otherwise: (schema) => schema.strip(),
  }),
  licencePlates: yup.string().trim().max(120).default(''),
});
type TypedAddress = yup.InferType<typeof addressSchema>;

/** Written out: yup cannot infer the conditional address objects. */
export interface CheckoutAddressValues {
  shippingChoice: string;
  shipping?: TypedAddress;
  sameBilling: boolean;
  billingChoice: string;
  billing?: TypedAddress;
  licencePlates: string;
}

/** The PUT /orders/<token> body for the chosen addresses (billing = shipping unless told otherwise). */
export function addressingBody(values: CheckoutAddressValues): Record<string, unknown> {
  const pick = (kind: 'shipping' | 'billing') => {
    const chosen = values[`${kind}Choice`];
    if (chosen !== 'new') return { [`${kind}AddressId`]: Number(chosen) };
    const typed = values[kind] as TypedAddress;
    return { [`${kind}Address`]: { ...typed, company: typed.company || null, phoneNumber: typed.phoneNumber || null } };
  };
  const shipping = pick('shipping');
  const billing = values.sameBilling
    ? Object.fromEntries(Object.entries(shipping).map(([key, value]) => [key.replace('shipping', 'billing'), value]))
    : pick('billing');
  return { ...billing, ...shipping, licencePlates: values.licencePlates };
}
