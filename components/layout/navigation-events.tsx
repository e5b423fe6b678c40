'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui';
import { useVehicleStore } from '@/stores/vehicle';

/** Pages reached after signing in or out, or after a cart change: the header's badges are read again there. */
const SESSION_CHANGING_PATHS = /^\/(?:$|compte|panier|commande|connexion)/;

/**
 * Resets transient interface state on every route change, and loads the stored vehicle
 * once the page is interactive.
 */
export function NavigationEvents() {
  const pathname = usePathname();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (SESSION_CHANGING_PATHS.test(pathname)) void queryClient.invalidateQueries({ queryKey: ['session'] });
  }, [pathname, queryClient]);
  useEffect(() => {
    void useVehicleStore.persist.rehydrate();
  }, []);
  useEffect(() => {
    useUiStore.getState().onNavigate();
  }, [pathname]);
  return null;
}
