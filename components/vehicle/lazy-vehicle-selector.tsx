'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';

const loadSelector = () => import('./vehicle-selector');

// react-select is the heaviest script of the shop: the home page shows a look-alike of the form and
// loads the real one when the visitor reaches for it (pointer, touch or keyboard focus). Once loaded
// it takes the focus only if the visitor is still there: a keyboard user who tabbed on while it
// loaded must not be pulled back (`stillHere` is asked when it first renders).
const VehicleSelector = dynamic(
  () =>
    loadSelector().then(
      (module) =>
        function WokenSelector({ stillHere }: { stillHere: () => boolean }) {
          return <module.VehicleSelector autoFocusField={stillHere() ? 'brand' : undefined} />;
        },
    ),
  {
    ssr: false,
    loading: () => <SelectorShell />,
  },
);

/** The selector's form as it first looks (brand enabled, model and engine waiting), without its script. */
function SelectorShell({ onWake }: { onWake?: () => void }) {
  const t = useTranslations('vehicle');
  const id = useId();
  const fields = [
    ['brand', t('brand'), t('placeholderBrand'), false],
    ['model', t('model'), t('placeholderModel'), true],
    ['engine', t('engine'), t('placeholderEngine'), true],
  ] as const;
  return (
    <div className="space-y-4" onPointerEnter={() => void loadSelector()} onTouchStart={() => void loadSelector()}>
      <div className="flex flex-col gap-3 md:flex-row">
        {fields.map(([key, label, placeholder, disabled]) => (
          <div key={key} className="flex-1">
            <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-semibold text-slate-800">
              {label}
            </label>
            <input
              id={`${id}-${key}`}
              type="text"
              readOnly
              disabled={disabled}
              placeholder={placeholder}
              autoComplete="off"
              onFocus={onWake}
              onPointerDown={onWake}
              className="block h-[38px] w-full rounded border border-slate-400 bg-white px-2 text-base text-slate-900 placeholder:text-slate-600 disabled:bg-slate-100"
            />
          </div>
        ))}
      </div>
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={onWake}
          className="rounded-md bg-accent-700 px-6 py-2.5 font-semibold text-white hover:bg-accent-800"
        >
          {t('validate')}
        </button>
      </div>
    </div>
  );
}

export function LazyVehicleSelector() {
  const [awake, setAwake] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The look-alike's field had the focus and went away (focus on <body>), or the focus is still in the form.
  const stillHere = () =>
    !document.activeElement ||
    document.activeElement === document.body ||
    Boolean(box.current?.contains(document.activeElement));
  return (
    <div ref={box}>
      {awake ? <VehicleSelector stillHere={stillHere} /> : <SelectorShell onWake={() => setAwake(true)} />}
    </div>
  );
}
