import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { AddressStepForm, EMPTY_ADDRESS } from '@/components/checkout/address-step-form';
import { CheckoutSteps } from '@/components/checkout/checkout-steps';
import { OrderSummary } from '@/components/checkout/order-summary';
import { getAddresses, getCountries, getCustomer } from '@/lib/account/server';
import { getCart } from '@/lib/cart/server';
import type { OrderAddress } from '@/lib/orders/types';
import { lastSegment } from '@/lib/url/decode';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('steps.addresses') };
}

const typed = (address: OrderAddress | null) =>
  address
    ? { ...EMPTY_ADDRESS, ...address, company: address.company ?? '', phoneNumber: address.phoneNumber ?? '' }
    : undefined;

/** Step 1 ('Adresses'): where the parts go, who pays, and for which car. */
export default async function AddressesStepPage() {
  const [t, cart, customer, addresses, countries] = await Promise.all([
    getTranslations('checkout'),
    getCart(),
    getCustomer('/commande/adresses'),
    getAddresses('/commande/adresses'),
    getCountries(),
  ]);
  if (!cart || cart.items.length === 0) redirect('/panier');
  // The address book or the customer unreadable for now: the shopper types the addresses instead.
  // One put to review says so here too: a shopper who does not open the address book still sees it.
  const saved = (addresses ?? []).map((address) => ({
    id: address.id,
    label: `${address.firstName} ${address.lastName}${address.company ? ` (${address.company})` : ''}, ${address.street}, ${address.postcode} ${address.city}${address.toReview ? ` — ${t('savedAddressToReview')}` : ''}`,
  }));
  const known = (id: number | null) => (id !== null && saved.some((address) => address.id === id) ? String(id) : null);
  // An address put to review by a password reset is offered, never chosen in advance (decision 0026).
  const reviewed = (addresses ?? []).find((address) => !address.toReview);
  const defaultId =
    known(Number(lastSegment(customer?.defaultAddress)) || null) ?? (reviewed ? String(reviewed.id) : 'new');
  // An order addressed before shows its choices again; typed addresses come back as 'new'.
  const choiceOf = (id: number | null, address: OrderAddress | null) => known(id) ?? (address ? 'new' : defaultId);
  const shippingChoice = choiceOf(cart.shippingAddressId, cart.shippingAddress);
  const billingChoice = choiceOf(cart.billingAddressId, cart.billingAddress);
  const sameBilling =
    !cart.billingAddress ||
    (billingChoice === shippingChoice && JSON.stringify(cart.billingAddress) === JSON.stringify(cart.shippingAddress));
  return (
    <>
      <CheckoutSteps current="/commande/adresses" />
      <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="step-title">
          <h1 id="step-title" className="mb-6 text-3xl font-bold text-brand-900">
            {t('addressesTitle')}
          </h1>
          <AddressStepForm
            saved={saved}
            countries={countries}
            initial={{
              shippingChoice,
              billingChoice,
              sameBilling,
              licencePlates: cart.licencePlates ?? '',
              firstName: customer?.firstName ?? '',
              lastName: customer?.lastName ?? '',
              shipping: typed(cart.shippingAddress),
              billing: typed(cart.billingAddress),
            }}
          />
        </section>
        <OrderSummary order={cart} />
      </div>
    </>
  );
}
