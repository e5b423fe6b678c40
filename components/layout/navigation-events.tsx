'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui';
import { useVehicleStore } from '@/stores/vehicle';

/**
 * Pages reached after signing in or out (a sign-in returns to the checkout too): the header's badges
 * are read again there. The cart page is not among them: an add or a removal lands there, and the page
 * hands the quantity it shows to the badge (CartQuantitySync) — the one way the badge follows a cart
 * change, without asking the shop API again.
 */
const SESSION_CHANGING_PATHS = /^\/(?:$|compte|commande|connexion)/;

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
