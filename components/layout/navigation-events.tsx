'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui';

/** Resets transient interface state on every route change (spec §2). */
export function NavigationEvents() {
  const pathname = usePathname();
  useEffect(() => {
    useUiStore.getState().onNavigate();
  }, [pathname]);
  return null;
}
