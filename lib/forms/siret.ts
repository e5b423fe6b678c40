/**
 * SIRET check in the browser, so a typo is caught before the round trip: 14 digits with a Luhn key,
 * or La Poste's rule (digits adding up to a multiple of 5) for SIREN 356 000 000. The shop API checks
 * the same (shop-api/src/domain/customer-rules.ts).
 */
const normalizeSiret = (value: string) => value.replace(/[\s.]/g, '');

export function isValidSiret(value: string): boolean {
  const siret = normalizeSiret(value);
  if (!/^\d{14}$/.test(siret)) return false;
  const digits = [...siret].map(Number);
  if (siret.startsWith('356000000')) return digits.reduce((sum, digit) => sum + digit, 0) % 5 === 0;
  const sum = digits
    .reverse()
    .reduce(
      (total, digit, index) => total + (index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
      0,
    );
  return sum % 10 === 0;
}
