'use server';

import { redirect } from 'next/navigation';
import type { FormResult } from '@/lib/forms/checked';
import { customerCall, violationMessages } from '@/lib/shop-api/server';
import { UNAVAILABLE_MESSAGE } from '@/lib/forms/checked';
import { withdrawalSchema, type WithdrawalValues } from '@/lib/forms/withdrawal-schema';
import { signInPath } from '@/lib/url/return-path';
import { isOrderToken } from './types';
import { isOwnOrder } from './server';
import { text } from '@/lib/i18n/answers';

/**
 * The consumer withdraws from some or all parts of an order (the shop API checks the period, the
 * owner and the parts again). Success goes back to the order, which shows the recorded request.
 */
export async function withdrawAction(token: string, values: WithdrawalValues): Promise<FormResult> {
  if (!isOrderToken(token)) return { ok: false, messages: [text('orderNotFound')] };
  let input: WithdrawalValues;
  try {
    input = await withdrawalSchema.validate(values, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    return { ok: false, messages: (error as { errors?: string[] }).errors ?? [text('choosePieces')] };
  }
  // A token from the page's address: sent with the customer's token only if the order is theirs.
  const own = await isOwnOrder(token);
  if (own !== true) return { ok: false, messages: [own === false ? text('orderNotFound') : UNAVAILABLE_MESSAGE] };
  const answer = await customerCall('POST', `orders/${token}/withdrawals`, { items: input.items.map(Number) });
  if (answer.status === 401) redirect(signInPath(`/compte/commandes/${token}/retractation`, { sessionEnded: true }));
  if (answer.status === 201) redirect(`/compte/commandes/${token}?retractation=enregistree`);
  const messages = answer.status === 404 ? [text('orderNotFound')] : violationMessages(answer);
  return { ok: false, messages: messages.length > 0 ? messages : [UNAVAILABLE_MESSAGE] };
}
