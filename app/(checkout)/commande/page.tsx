import { redirect } from 'next/navigation';

/** /commande itself: the first step (the proxy's checkout guard redirects before this renders). */
export default function CheckoutPage() {
  redirect('/commande/adresses');
}
