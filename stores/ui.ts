'use client';

import { create } from 'zustand';

/**
 * Interface state shared by header islands: the mobile menu, the vehicle panel and the callout.
 * Navigating closes the menu and the vehicle panel and clears the callout (spec §2).
 */
interface UiState {
  mobileMenuOpen: boolean;
  vehiclePanelOpen: boolean;
  callout: string | null;
  setMobileMenuOpen: (open: boolean) => void;
  setVehiclePanelOpen: (open: boolean) => void;
  showCallout: (message: string) => void;
  onNavigate: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  mobileMenuOpen: false,
  vehiclePanelOpen: false,
  callout: null,
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
  setVehiclePanelOpen: (vehiclePanelOpen) => set({ vehiclePanelOpen }),
  showCallout: (callout) => set({ callout }),
  onNavigate: () => set({ mobileMenuOpen: false, vehiclePanelOpen: false, callout: null }),
}));
