/** decodeURIComponent that answers null for malformed input ('%ZZ', a lone surrogate) instead of throwing. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
