'use client';

import { create } from 'zustand';

/**
 * Interface state shared by header islands: the mobile menu and the vehicle panel.
 * Navigating closes both, so a new page never opens under a menu left open.
 */
interface UiState {
  mobileMenuOpen: boolean;
  vehiclePanelOpen: boolean;
  setMobileMenuOpen: (open: boolean) => void;
  setVehiclePanelOpen: (open: boolean) => void;
  onNavigate: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  mobileMenuOpen: false,
  vehiclePanelOpen: false,
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
  setVehiclePanelOpen: (vehiclePanelOpen) => set({ vehiclePanelOpen }),
  onNavigate: () => set({ mobileMenuOpen: false, vehiclePanelOpen: false }),
}));
