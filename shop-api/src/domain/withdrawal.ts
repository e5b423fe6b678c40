/**
 * The consumer's right of withdrawal (Code de la consommation L221-18 to L221-21), as plain rules:
 * 14 days from receipt of the parts, the period ending at the end of its last day (Paris time) and
 * moved to the next working day when that day is a Saturday, a Sunday or a public holiday (L221-19).
 * Before receipt the consumer may already withdraw. Professionals have no legal right of withdrawal
 * (their own terms of sale).
 */
import { TZDate } from '@date-fns/tz';
import joursFeries from '@socialgouv/jours-feries';
import { addDays, endOfDay, format, isWeekend } from 'date-fns';
import { coded } from './refusal-codes.js';

const WITHDRAWAL_DAYS = 14;
const SHOP_TIME_ZONE = 'Europe/Paris';

export const WITHDRAWAL_MESSAGES = coded('withdrawal', {
  professional:
    'Le droit de rétractation est réservé aux particuliers : vos conditions sont celles des conditions générales de vente aux professionnels.',
  notPlaced: 'Cette commande n’est pas encore passée.',
  cancelled: 'Cette commande est annulée : il n’y a plus de contrat à rétracter.',
  expired: 'Le délai de rétractation de 14 jours est écoulé.',
  nothingLeft: 'Vous avez déjà renoncé à toutes les pièces de cette commande.',
  unknownItems: 'Choisissez une ou plusieurs pièces de cette commande auxquelles vous n’avez pas encore renoncé.',
} as const);

type WithdrawalRefusal = keyof Omit<typeof WITHDRAWAL_MESSAGES, 'unknownItems'>;

/** Last moment to withdraw, or null while the parts have not been received (the period has not started). */
export function withdrawalDeadline(receivedAt: Date | null): Date | null {
  if (!receivedAt) return null;
  let lastDay = addDays(new TZDate(receivedAt.getTime(), SHOP_TIME_ZONE), WITHDRAWAL_DAYS);
  while (!isWorkingDay(lastDay)) lastDay = addDays(lastDay, 1);
  return new Date(endOfDay(lastDay).getTime());
}

const holidaysByYear = new Map<number, Set<string>>();
/** French public holidays of `year` as "yyyy-MM-dd" (mainland calendar). */
function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    // The library builds local-midnight dates by adding whole days: noon absorbs a daylight-saving hour.
    days = new Set(
      Object.values(joursFeries(year)).map((date) => format(new Date(date.getTime() + 12 * 3600_000), 'yyyy-MM-dd')),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Neither a weekend nor a public holiday, for a day in the shop's time zone. */
function isWorkingDay(day: TZDate): boolean {
  return !isWeekend(day) && !publicHolidays(day.getFullYear()).has(format(day, 'yyyy-MM-dd'));
}

export interface WithdrawalSubject {
  state: string;
  /** The customer's group code (`…professional` for professionals). */
  groupCode: string;
  /** When the staff marked the order delivered or collected. */
  fulfilledAt: Date | null;
  itemIds: number[];
  /** Items already covered by an earlier withdrawal. */
  withdrawnItemIds: number[];
}

export type WithdrawalStatus =
  | { open: true; deadline: Date | null; remainingItemIds: number[] }
  | { open: false; reason: WithdrawalRefusal; deadline: Date | null; remainingItemIds: number[] };

export function withdrawalStatus(order: WithdrawalSubject, now: Date): WithdrawalStatus {
  const deadline = withdrawalDeadline(order.fulfilledAt);
  const remainingItemIds = order.itemIds.filter((id) => !order.withdrawnItemIds.includes(id));
  const closed = (reason: WithdrawalRefusal): WithdrawalStatus => ({ open: false, reason, deadline, remainingItemIds });
  if (order.groupCode.endsWith('professional')) return closed('professional');
  if (order.state === 'cart') return closed('notPlaced');
  if (order.state === 'cancelled') return closed('cancelled');
  if (deadline && now.getTime() > deadline.getTime()) return closed('expired');
  if (remainingItemIds.length === 0) return closed('nothingLeft');
  return { open: true, deadline, remainingItemIds };
}

/** The items a request covers: those asked for (all remaining ones when none is named), or null when one is not withdrawable. */
export function itemsToWithdraw(requested: number[] | undefined, remainingItemIds: number[]): number[] | null {
  if (!requested || requested.length === 0) return remainingItemIds;
  const unique = [...new Set(requested)];
  return unique.every((id) => remainingItemIds.includes(id)) ? unique : null;
}

/** "lundi 7 décembre 2026 à 23 h 59" in Paris time: what the acknowledgement and the pages say. */
export function frenchDateTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')} à ${get('hour')} h ${get('minute')}`;
}
