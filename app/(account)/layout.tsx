import type { ReactNode } from 'react';

/** Account layout: sign-in, verification, password recovery and the customer's area (spec §2). */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8" data-layout="account">
      {children}
    </main>
  );
}
