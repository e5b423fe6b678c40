/**
 * Dates of the shop API ("2026-11-03 14:05:00", UTC, as Sylius writes them) shown in French and in
 * the yard's time zone, whatever the server's own.
 */
const SHOP_TIME_ZONE = 'Europe/Paris';

export function parseShopDate(value: string): Date | null {
  const date = new Date(`${value.trim().replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** "3 novembre 2026 à 15 h 05" */
export function formatDateTime(value: string): string {
  const date = parseShopDate(value);
  if (!date) return '';
  const [hours, minutes] = timeFormat.format(date).split(':');
  return `${dayFormat.format(date)} à ${hours} h ${minutes}`;
}
