import type { ReactNode } from 'react';

/** Checkout layout: cart and checkout steps, narrow and free of distractions. */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8" data-layout="checkout">
      {children}
    </main>
  );
}
