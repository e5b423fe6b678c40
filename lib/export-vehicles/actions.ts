'use server';

import { redirect } from 'next/navigation';
import type { FormResult } from '@/lib/forms/checked';
import { customerCall, violationMessages } from '@/lib/shop-api/server';
import { checked, isResult, UNAVAILABLE_MESSAGE } from '@/lib/forms/checked';
import { quoteRequestSchema, type QuoteRequestValues } from '@/lib/forms/quote-request-schema';
import { signInPath } from '@/lib/url/return-path';
import { EXPORT_VEHICLES_PATH, isExportVehicleCode } from './types';
import { text } from '@/lib/i18n/answers';

const GONE = text('vehicleGone');

/** A professional asks for a quote on a whole vehicle; back on the list with a confirmation. */
export async function quoteRequestAction(code: string, values: QuoteRequestValues): Promise<FormResult> {
  if (!isExportVehicleCode(code)) return { ok: false, messages: [GONE] };
  const input = await checked(quoteRequestSchema, values);
  if (isResult(input)) return input;
  const answer = await customerCall('POST', `export-vehicles/${encodeURIComponent(code)}/quote-requests`, input);
  if (answer.status === 401) redirect(signInPath(`${EXPORT_VEHICLES_PATH}/${code}`, { sessionEnded: true }));
  if (answer.status === 201) redirect(`${EXPORT_VEHICLES_PATH}?devis=${encodeURIComponent(code)}`);
  if (answer.status === 404) return { ok: false, messages: [GONE] };
  if (answer.status === 429) return { ok: false, messages: [text('tooManyQuotes')] };
  const messages = violationMessages(answer);
  return { ok: false, messages: messages.length > 0 ? messages : [UNAVAILABLE_MESSAGE] };
}
