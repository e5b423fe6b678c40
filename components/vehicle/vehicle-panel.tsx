'use client';

import dynamic from 'next/dynamic';
import { useShallow } from 'zustand/react/shallow';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { fullName, isIdentified } from '@/lib/vehicle/selection';
import { useUiStore } from '@/stores/ui';
import { selectChoice, useVehicleStore } from '@/stores/vehicle';

// react-select is the heaviest script of the shop: loaded when the panel first opens, not with every page.
const VehicleSelector = dynamic(() => import('./vehicle-selector').then((module) => module.VehicleSelector), {
  ssr: false,
  loading: () => <SelectorLoading />,
});

function SelectorLoading() {
  const t = useTranslations('vehicle');
  return (
    <p className="py-6 text-center text-slate-600" aria-busy="true">
      {t('loading')}
    </p>
  );
}

/**
 * Header button and panel of the vehicle selector (the panel opens and closes; navigating
 * closes it). A native modal dialog keeps focus inside and returns it to the button.
 */
export function VehiclePanel() {
  const t = useTranslations('vehicle');
  const open = useUiStore((state) => state.vehiclePanelOpen);
  const setOpen = useUiStore((state) => state.setVehiclePanelOpen);
  const choice = useVehicleStore(useShallow(selectChoice));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="max-w-[11rem] truncate rounded-md border border-slate-300 px-2 py-1.5 text-sm font-semibold text-brand-800 hover:border-brand-600 sm:max-w-xs sm:px-3"
      >
        {isIdentified(choice) ? fullName(choice) : t('myVehicle')}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="vehicle-panel-title"
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus();
        }}
        className="m-auto w-[min(56rem,calc(100vw-2rem))] overflow-visible rounded-lg p-0 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="vehicle-panel-title" className="text-lg font-bold text-brand-900">
            {t('title')}
          </h2>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded p-1 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="h-6 w-6" />
            <span className="sr-only">{t('closePanel')}</span>
          </button>
        </div>
        <div className="p-5">{open && <VehicleSelector />}</div>
      </dialog>
    </>
  );
}
