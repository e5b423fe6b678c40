'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui';
import { useVehicleStore } from '@/stores/vehicle';

/**
 * Resets transient interface state on every route change (spec §2), and loads the stored vehicle
 * once the page is interactive. Signing in or out ends with a navigation: the header's session
 * summary is read again then.
 */
export function NavigationEvents() {
  const pathname = usePathname();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (pathname === '/' || pathname.startsWith('/compte')) void queryClient.invalidateQueries({ queryKey: ['session'] });
  }, [pathname, queryClient]);
  useEffect(() => {
    void useVehicleStore.persist.rehydrate();
  }, []);
  useEffect(() => {
    useUiStore.getState().onNavigate();
  }, [pathname]);
  return null;
}
