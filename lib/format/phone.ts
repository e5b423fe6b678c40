/** French phone numbers: shown in pairs of digits, dialled in international form (+33). */

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** "0353011234" → "03 53 01 12 34": a space after every second digit. */
export function formatPhone(phone: string): string {
  return digitsOf(phone).replace(/(\d{2})(?=\d)/g, '$1 ');
}

/** "0353011234" → "tel:+33353011234": the leading 0 becomes +33. */
export function phoneHref(phone: string): string {
  const digits = digitsOf(phone);
  const national = digits.startsWith('33') ? digits.slice(2) : digits.replace(/^0/, '');
  return `tel:+33${national}`;
}
