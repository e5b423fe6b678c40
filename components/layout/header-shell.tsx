'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';

/** Is the window scrolled away from the top? `null` until the page is interactive. */
function useScrolled(): boolean | null {
  const [scrolled, setScrolled] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

export function hasBottomBorder(pathname: string, scrolled: boolean): boolean {
  return scrolled || pathname === '/commande' || pathname.startsWith('/commande/');
}

/**
 * The header's frame: sticky once the page is scrolled from the top; a bottom border on
 * /commande paths and on any scrolled page.
 */
export function HeaderShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const scrollState = useScrolled();
  const scrolled = scrollState === true;
  const bordered = hasBottomBorder(pathname, scrolled);
  return (
    <header
      data-scrolled={scrolled || undefined}
      // Lets tests (and monitoring) know the header's islands are interactive.
      data-hydrated={scrollState !== null || undefined}
      className={`${scrolled ? 'sticky top-0 shadow-md' : 'relative'} z-40 bg-white border-b ${bordered ? 'border-slate-300' : 'border-transparent'}`}
    >
      {children}
    </header>
  );
}
