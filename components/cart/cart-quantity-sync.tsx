'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionSummary } from '@/components/layout/header-actions';

/** The cart page knows the true quantity: the header badge takes it at once (after adds and removals). */
export function CartQuantitySync({ quantity }: { quantity: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryData<SessionSummary>(['session'], (summary) =>
      summary ? { ...summary, cartQuantity: quantity } : summary,
    );
  }, [quantity, queryClient]);
  return null;
}
