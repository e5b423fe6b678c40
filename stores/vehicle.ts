'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { EMPTY_CHOICE, isIdentified, type VehicleChoice } from '@/lib/vehicle/selection';

/**
 * The visitor's chosen vehicle (brand, model, engine, logo), kept in this browser across visits so
 * listings stay filtered for it. Not personal data and not a secret: local storage is fine.
 */
interface VehicleState extends VehicleChoice {
  logo: string | null;
  /** Listings are filtered by the engine once a vehicle is stored. */
  filtering: boolean;
  store: (choice: VehicleChoice, logo?: string | null) => void;
  reset: () => void;
  setFiltering: (filtering: boolean) => void;
}

export const useVehicleStore = create<VehicleState>()(
  persist(
    (set) => ({
      ...EMPTY_CHOICE,
      logo: null,
      filtering: false,
      store: (choice, logo = null) =>
        set(
          isIdentified(choice)
            ? { ...choice, logo, filtering: true }
            : { ...EMPTY_CHOICE, logo: null, filtering: false },
        ),
      reset: () => set({ ...EMPTY_CHOICE, logo: null, filtering: false }),
      setFiltering: (filtering) => set({ filtering }),
    }),
    {
      name: 'vehicle',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ brand, model, engine, logo, filtering }) => ({ brand, model, engine, logo, filtering }),
      // Server HTML is the same for everyone: read the browser's copy only after hydration.
      skipHydration: true,
    },
  ),
);

export const selectChoice = (state: VehicleState): VehicleChoice => ({
  brand: state.brand,
  model: state.model,
  engine: state.engine,
});
