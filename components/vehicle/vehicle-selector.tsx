'use client';

import { useShallow } from 'zustand/react/shallow';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import Select from 'react-select';
import type { VehicleTaxon } from '@/lib/catalogue/types';
import {
  changeBrand,
  changeEngine,
  changeModel,
  EMPTY_CHOICE,
  isEngineSelectEnabled,
  isIdentified,
  isModelSelectEnabled,
  SELECT_THROTTLE_MS,
  submitChoice,
  visibleOptions,
  type VehicleChoice,
} from '@/lib/vehicle/selection';
import { useUiStore } from '@/stores/ui';
import { selectChoice, useVehicleStore } from '@/stores/vehicle';

async function fetchTaxons(url: string): Promise<VehicleTaxon[]> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} ${response.status}`);
  return response.json();
}

/** A value that follows `value` at most once per `ms` (select throttle). */
function useThrottled<T>(value: T, ms: number): T {
  const [throttled, setThrottled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setThrottled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return throttled;
}

interface FieldProps {
  id: string;
  label: string;
  placeholder: string;
  options: VehicleTaxon[] | undefined;
  value: VehicleTaxon | null;
  disabled: boolean;
  loading: boolean;
  /** Takes the focus (and opens its list) on mount: the field the visitor reached before this script loaded. */
  autoFocus?: boolean;
  onChange: (value: VehicleTaxon | null) => void;
}

/** One select of the selector: one item only, at most 50 options shown, typing filters them. */
function VehicleField({ id, label, placeholder, options, value, disabled, loading, autoFocus, onChange }: FieldProps) {
  const t = useTranslations('vehicle');
  const [input, setInput] = useState('');
  const filter = useThrottled(input, SELECT_THROTTLE_MS);
  const shown = visibleOptions(options ?? [], filter);
  return (
    <div className="flex-1">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <Select<VehicleTaxon, false>
        inputId={id}
        instanceId={id}
        isMulti={false}
        isClearable
        isDisabled={disabled}
        isLoading={loading}
        autoFocus={autoFocus}
        openMenuOnFocus={autoFocus}
        placeholder={placeholder}
        options={shown}
        value={value}
        getOptionValue={(option) => option.code}
        getOptionLabel={(option) => option.name}
        filterOption={null}
        inputValue={input}
        onInputChange={(next) => setInput(next)}
        onChange={(option) => onChange(option ?? null)}
        noOptionsMessage={() => t('noOptions')}
        loadingMessage={() => t('loading')}
        classNames={{
          control: (state) => (state.isFocused ? '!border-brand-700 !shadow-[0_0_0_2px_#f28c13]' : '!border-slate-400'),
        }}
        styles={{ placeholder: (base) => ({ ...base, color: '#475569' }) }}
      />
    </div>
  );
}

/**
 * Vehicle selector: brand → model → engine. A list is enabled only once its options are
 * loaded for the choice above it; changing a level clears those below; submitting stores all three
 * (and filters the catalogue) or, with one missing, resets the stored vehicle.
 */
export function VehicleSelector({ onStored, autoFocusField }: { onStored?: () => void; autoFocusField?: 'brand' }) {
  const t = useTranslations('vehicle');
  const ids = useId();
  const stored = useVehicleStore(useShallow(selectChoice));
  const storeVehicle = useVehicleStore((state) => state.store);
  const resetVehicle = useVehicleStore((state) => state.reset);
  const setPanelOpen = useUiStore((state) => state.setVehiclePanelOpen);
  const [choice, setChoice] = useState<VehicleChoice>(stored);
  const [hint, setHint] = useState<string | null>(null);

  // When the stored vehicle changes elsewhere (reset button, another tab, the store loading), the
  // selector follows it: state adjusted during render, so no effect and no extra render pass.
  const storedKey = `${stored.brand}|${stored.model}|${stored.engine}`;
  const [followedKey, setFollowedKey] = useState(storedKey);
  if (followedKey !== storedKey) {
    setFollowedKey(storedKey);
    setChoice(stored.brand ? stored : EMPTY_CHOICE);
  }

  const brands = useQuery({
    queryKey: ['vehicle-brands'],
    queryFn: () => fetchTaxons('/api/brands'),
    staleTime: 3_600_000,
  });
  const models = useQuery({
    queryKey: ['vehicle-children', choice.brand?.code],
    queryFn: () => fetchTaxons(`/api/vehicles?parent=${encodeURIComponent(choice.brand!.code)}`),
    enabled: Boolean(choice.brand),
    staleTime: 3_600_000,
  });
  const engines = useQuery({
    queryKey: ['vehicle-children', choice.model?.code],
    queryFn: () => fetchTaxons(`/api/vehicles?parent=${encodeURIComponent(choice.model!.code)}`),
    enabled: Boolean(choice.model),
    staleTime: 3_600_000,
  });

  const modelsLoadedFor = models.isSuccess && choice.brand ? choice.brand.code : null;
  const enginesLoadedFor = engines.isSuccess && choice.model ? choice.model.code : null;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const { store } = submitChoice(choice);
        if (store) {
          storeVehicle(store, store.brand?.logo ?? null);
          setHint(null);
          setPanelOpen(false);
          onStored?.();
        } else {
          resetVehicle();
          setHint(t('incomplete'));
        }
      }}
    >
      <div className="flex flex-col gap-3 md:flex-row">
        <VehicleField
          id={`${ids}-brand`}
          label={t('brand')}
          placeholder={t('placeholderBrand')}
          options={brands.data}
          value={choice.brand}
          disabled={false}
          loading={brands.isLoading}
          autoFocus={autoFocusField === 'brand'}
          onChange={(brand) => setChoice((current) => changeBrand(current, brand))}
        />
        <VehicleField
          id={`${ids}-model`}
          label={t('model')}
          placeholder={t('placeholderModel')}
          options={models.data}
          value={choice.model}
          disabled={!isModelSelectEnabled(choice, modelsLoadedFor)}
          loading={models.isFetching}
          onChange={(model) => setChoice((current) => changeModel(current, model))}
        />
        <VehicleField
          id={`${ids}-engine`}
          label={t('engine')}
          placeholder={t('placeholderEngine')}
          options={engines.data}
          value={choice.engine}
          disabled={!isEngineSelectEnabled(choice, enginesLoadedFor)}
          loading={engines.isFetching}
          onChange={(engine) => setChoice((current) => changeEngine(current, engine))}
        />
      </div>
      {(brands.isError || models.isError || engines.isError) && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('loadError')}
        </p>
      )}
      <div className="flex items-center gap-4">
        <button
          type="submit"
          className="rounded-md bg-accent-700 px-6 py-2.5 font-semibold text-white hover:bg-accent-800"
        >
          {isIdentified(stored) ? t('edit') : t('validate')}
        </button>
        <p role="status" className="text-sm text-slate-700">
          {hint}
        </p>
      </div>
    </form>
  );
}
