'use client';

import { IntentLink } from '@/components/navigation/intent-link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { familyPath } from '@/lib/catalogue/slug';
import type { Family } from '@/lib/catalogue/types';
import { DROPDOWN_EJECT_MS, MAIN_MENU } from '@/lib/layout/menu';

/**
 * Desktop menu: the used-parts entry opens a dropdown of the first 7 families, each with
 * its sub-families and an 'all articles' link. Opens on hover or with its button; Escape closes it.
 * After a navigation the dropdown is ejected for 100 ms so it does not stay open under the pointer.
 */
export function DesktopNav({ families }: { families: Family[] }) {
  const t = useTranslations('header');
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [ejected, setEjected] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstRender = useRef(true);
  // A click on the button of a dropdown that the pointer just opened should keep it open.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setOpen(false);
    setEjected(true);
    const timer = setTimeout(() => setEjected(false), DROPDOWN_EJECT_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const visible = open && !ejected;

  return (
    <nav aria-label={t('mainNav')} className="hidden lg:block">
      <ul className="flex items-stretch gap-1">
        {MAIN_MENU.map((entry) => (
          <li
            key={entry.key}
            className="relative"
            onMouseEnter={
              entry.withDropdown
                ? () => {
                    openedByHover.current = !open;
                    setOpen(true);
                  }
                : undefined
            }
            onMouseLeave={
              entry.withDropdown
                ? () => {
                    openedByHover.current = false;
                    setOpen(false);
                  }
                : undefined
            }
            onKeyDown={
              entry.withDropdown
                ? (event) => {
                    if (event.key === 'Escape' && open) {
                      setOpen(false);
                      toggleRef.current?.focus();
                    }
                  }
                : undefined
            }
            onBlur={
              entry.withDropdown
                ? (event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
                  }
                : undefined
            }
          >
            <div className="flex items-center">
              <IntentLink
                href={entry.href}
                className="block px-3 py-3 font-semibold text-slate-800 hover:text-brand-700"
                aria-current={pathname === entry.href ? 'page' : undefined}
              >
                {t(`menu.${entry.key}`)}
              </IntentLink>
              {entry.withDropdown && (
                <button
                  ref={toggleRef}
                  type="button"
                  aria-expanded={visible}
                  aria-controls={panelId}
                  aria-label={t('familiesOf')}
                  onClick={() => {
                    if (openedByHover.current) openedByHover.current = false;
                    else setOpen((value) => !value);
                  }}
                  className="-ml-2 rounded p-1 text-slate-600 hover:text-brand-700"
                >
                  <ChevronDownIcon className={`h-4 w-4 transition-transform ${visible ? 'rotate-180' : ''}`} />
                </button>
              )}
            </div>
            {entry.withDropdown && (
              <div
                id={panelId}
                hidden={!visible}
                className="absolute left-0 top-full z-50 w-[56rem] max-w-[calc(100vw-2rem)] rounded-b-lg border border-slate-200 bg-white p-6 shadow-xl"
              >
                <ul className="grid grid-cols-3 gap-x-8 gap-y-6">
                  {families.map((family) => (
                    <li key={family.code}>
                      <IntentLink
                        href={familyPath(family.code)}
                        className="font-semibold text-brand-800 hover:underline"
                      >
                        {family.name}
                      </IntentLink>
                      <ul className="mt-2 space-y-1 text-sm">
                        {family.children.map((child) => (
                          <li key={child.code}>
                            <IntentLink
                              href={familyPath(child.code, family.code)}
                              className="text-slate-700 hover:text-brand-700 hover:underline"
                            >
                              {child.name}
                            </IntentLink>
                          </li>
                        ))}
                        <li>
                          <IntentLink
                            href={familyPath(family.code)}
                            className="font-medium text-accent-700 hover:underline"
                          >
                            {t('allArticles', { name: family.name })}
                          </IntentLink>
                        </li>
                      </ul>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
