/**
 * Vehicle selection rules, as plain functions: what is identified, its full name,
 * which selects are enabled, what a change clears, what a submit stores.
 */
import type { VehicleTaxon } from '@/lib/catalogue/types';

export interface VehicleChoice {
  brand: VehicleTaxon | null;
  model: VehicleTaxon | null;
  engine: VehicleTaxon | null;
}

export const EMPTY_CHOICE: VehicleChoice = { brand: null, model: null, engine: null };

/** Select-box defaults. */
export const MAX_SELECT_OPTIONS = 50;
export const SELECT_THROTTLE_MS = 300;

export const isIdentified = (choice: VehicleChoice) => Boolean(choice.brand && choice.model && choice.engine);

/** Brand, model and engine names together: "Renault Clio IV 1.5 dCi 90". */
export function fullName(choice: VehicleChoice): string {
  return [choice.brand?.name, choice.model?.name, choice.engine?.name].filter(Boolean).join(' ');
}

/** Changing the brand clears model and engine; changing the model clears the engine. */
export function changeBrand(choice: VehicleChoice, brand: VehicleTaxon | null): VehicleChoice {
  return brand?.code === choice.brand?.code ? choice : { brand, model: null, engine: null };
}

export function changeModel(choice: VehicleChoice, model: VehicleTaxon | null): VehicleChoice {
  return model?.code === choice.model?.code ? choice : { ...choice, model, engine: null };
}

export function changeEngine(choice: VehicleChoice, engine: VehicleTaxon | null): VehicleChoice {
  return { ...choice, engine };
}

/** The model list is enabled only when models are loaded for the chosen brand (likewise engines). */
export function isModelSelectEnabled(choice: VehicleChoice, modelsLoadedFor: string | null): boolean {
  return Boolean(choice.brand && modelsLoadedFor === choice.brand.code);
}

export function isEngineSelectEnabled(choice: VehicleChoice, enginesLoadedFor: string | null): boolean {
  return Boolean(choice.model && enginesLoadedFor === choice.model.code);
}

/** Submitting with any of the three missing resets the stored vehicle; otherwise it stores all three. */
export function submitChoice(choice: VehicleChoice): { store: VehicleChoice | null } {
  return isIdentified(choice) ? { store: choice } : { store: null };
}

/** Options shown in a select: those matching what was typed (accents and case ignored), 50 at most. */
export function visibleOptions<T extends { name: string }>(options: T[], input: string): T[] {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(input.trim());
  return (wanted ? options.filter((option) => fold(option.name).includes(wanted)) : options).slice(
    0,
    MAX_SELECT_OPTIONS,
  );
}

/** Vehicle taxon codes accepted from clients: piece_<brand>[_<model>[_<engine>]]. */
export const VEHICLE_CODE = /^piece_[a-z0-9-]{1,60}(_[a-z0-9-]{1,60}){0,2}$/;
