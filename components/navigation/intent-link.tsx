'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string };

/**
 * A link of the public pages that prefetches its page when the visitor shows the intent to follow it
 * (pointer over it, finger on it, keyboard focus), not as soon as it scrolls into view: a listing
 * shows a dozen part links plus the header's, and fetching and decoding every one of them right
 * after load kept a phone's main thread busy (Lighthouse mobile TBT +100 to +250 ms on a family page).
 */
export function IntentLink({ href, onMouseEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
    />
  );
}
