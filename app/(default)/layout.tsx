import type { ReactNode } from 'react';

/** Default layout (catalogue and content pages). */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-shop flex-1 px-4 py-6">{children}</main>;
}
