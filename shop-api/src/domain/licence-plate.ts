/**
 * French registration plates, as the yard asks for them (to check a part against the vehicle):
 * SIV since 2009 "AB-123-CD" (letters without I, O and U; SS and WW not in first position except
 * WW for temporary plates), and the older FNI "1234 AB 56" (1–4 digits, 1–3 letters, a département).
 * Returns the plate written the usual way, or null when it is neither.
 */
const SIV = /^([A-HJ-NP-TV-Z]{2})-?(\d{3})-?([A-HJ-NP-TV-Z]{2})$/;
const FNI = /^(\d{1,4})([A-Z]{1,3})(\d{2}|2A|2B|97[1-6])$/;

export function normalizePlate(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s.]/g, '');
  const siv = SIV.exec(compact.replace(/-/g, ''));
  if (siv) {
    const [, left, digits, right] = siv;
    if (left === 'SS' || right === 'SS' || digits === '000') return null;
    return `${left}-${digits}-${right}`;
  }
  const fni = FNI.exec(compact.replace(/-/g, ''));
  if (fni) {
    const [, digits, letters, departement] = fni;
    if (Number(departement) === 0 || (/^\d{2}$/.test(departement!) && Number(departement) > 95) || departement === '20')
      return null;
    return `${digits} ${letters} ${departement}`;
  }
  return null;
}
