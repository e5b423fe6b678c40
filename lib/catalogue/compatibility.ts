import type { PartVehicle } from './parts';

/** Short compatibility line of a listing: the first vehicle and how many more. */
export function compatibilityLabel(vehicles: PartVehicle[]): { first: string; more: number } | null {
  if (vehicles.length === 0) return null;
  return { first: vehicles[0]!.fullName, more: vehicles.length - 1 };
}
