import type { ReactNode } from 'react';

/** The smallest App Router page: the yardstick of bench (b). */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr-FR">
      <body>{children}</body>
    </html>
  );
}
