'use client';

import { IntentLink } from '@/components/navigation/intent-link';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { familyPath } from '@/lib/catalogue/slug';
import type { Family } from '@/lib/catalogue/types';
import { MAIN_MENU } from '@/lib/layout/menu';
import { useUiStore } from '@/stores/ui';

/** Which level of the sliding menu shows: the main entries, the families, or one family's children. */
type Level = { kind: 'root' } | { kind: 'families' } | { kind: 'family'; code: string };

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * Small-screen menu: a burger button opens a sliding multi-level menu of the same first
 * 7 families, with a 'Retour' label to go back a level. It closes and resets on every route change.
 * Focus stays inside while it is open and returns to the burger when it closes.
 */
export function MobileMenu({ families }: { families: Family[] }) {
  const t = useTranslations('header');
  const open = useUiStore((state) => state.mobileMenuOpen);
  const setOpen = useUiStore((state) => state.setMobileMenuOpen);
  const [level, setLevel] = useState<Level>({ kind: 'root' });
  const panelId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  // Focus returns to the burger whenever the menu closes (route change included).
  useEffect(() => {
    if (!open && wasOpen.current) burgerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-level-start]')?.focus();
  }, [open, level]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const family = level.kind === 'family' ? families.find((f) => f.code === level.code) : undefined;
  const itemClass =
    'flex w-full items-center justify-between border-b border-slate-100 px-5 py-4 text-left text-base font-medium text-slate-800 hover:bg-slate-50';

  return (
    <div className="lg:hidden">
      <button
        ref={burgerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // Every opening starts at the first level, wherever the last one was left.
          setLevel({ kind: 'root' });
          setOpen(true);
        }}
        className="rounded-md p-2 text-slate-800 hover:bg-slate-100"
      >
        <MenuIcon className="h-7 w-7" />
        <span className="sr-only">{t('openMenu')}</span>
      </button>
      {open && <div className="fixed inset-0 z-50 bg-slate-900/50" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-label={t('mainNav')}
        hidden={!open}
        onKeyDown={onKeyDown}
        className="animate-slide-in-left fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
          {level.kind === 'root' ? (
            <span className="px-2 font-bold text-brand-800">{t('mainNav')}</span>
          ) : (
            <button
              type="button"
              data-level-start
              onClick={() => setLevel(level.kind === 'family' ? { kind: 'families' } : { kind: 'root' })}
              className="flex items-center gap-1 rounded px-2 py-2 font-semibold text-brand-700"
            >
              <ChevronLeftIcon className="h-5 w-5" />
              {t('back')}
            </button>
          )}
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded p-2 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="h-6 w-6" />
            <span className="sr-only">{t('closeMenu')}</span>
          </button>
        </div>

        {level.kind === 'root' && (
          <ul>
            {MAIN_MENU.map((entry, index) => (
              <li key={entry.key}>
                {entry.withDropdown ? (
                  <button
                    type="button"
                    className={itemClass}
                    data-level-start={index === 0 || undefined}
                    onClick={() => setLevel({ kind: 'families' })}
                  >
                    {t(`menu.${entry.key}`)}
                    <ChevronRightIcon className="h-5 w-5 text-slate-500" />
                  </button>
                ) : (
                  <IntentLink href={entry.href} className={itemClass} data-level-start={index === 0 || undefined}>
                    {t(`menu.${entry.key}`)}
                  </IntentLink>
                )}
              </li>
            ))}
          </ul>
        )}

        {level.kind === 'families' && (
          <ul className="animate-slide-in-right">
            <li>
              <IntentLink href="/pieces" className={`${itemClass} text-accent-700`}>
                {t('menu.usedParts')}
              </IntentLink>
            </li>
            {families.map((item) => (
              <li key={item.code}>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => setLevel({ kind: 'family', code: item.code })}
                >
                  {item.name}
                  <ChevronRightIcon className="h-5 w-5 text-slate-500" />
                </button>
              </li>
            ))}
          </ul>
        )}

        {family && (
          <ul className="animate-slide-in-right">
            <li className="px-5 pb-2 pt-4 text-sm font-bold uppercase tracking-wide text-slate-500">{family.name}</li>
            {family.children.map((child) => (
              <li key={child.code}>
                <IntentLink href={familyPath(child.code, family.code)} className={itemClass}>
                  {child.name}
                </IntentLink>
              </li>
            ))}
            <li>
              <IntentLink href={familyPath(family.code)} className={`${itemClass} text-accent-700`}>
                {t('allArticles', { name: family.name })}
              </IntentLink>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}
