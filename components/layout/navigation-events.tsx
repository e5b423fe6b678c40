'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui';
import { useVehicleStore } from '@/stores/vehicle';

/**
 * Resets transient interface state on every route change (spec §2), and loads the stored vehicle
 * once the page is interactive.
 */
export function NavigationEvents() {
  const pathname = usePathname();
  useEffect(() => {
    void useVehicleStore.persist.rehydrate();
  }, []);
  useEffect(() => {
    useUiStore.getState().onNavigate();
  }, [pathname]);
  return null;
}
