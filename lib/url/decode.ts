/** decodeURIComponent that answers null for malformed input ('%ZZ', a lone surrogate) instead of throwing. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The code at the end of an IRI such as /api/v2/shop/shipping-methods/colis; null when absent or malformed. */
export function lastSegment(iri: string | null | undefined): string | null {
  return iri ? safeDecode(iri.split('/').pop() ?? '') || null : null;
}
