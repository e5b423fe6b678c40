/**
 * The shopper's address as the shop API's per-address limits need it. Next keeps an X-Forwarded-For
 * the client sent (it only fills the header when absent), so the left of the list is whatever the
 * client wrote. In service the storefront sits behind a TLS-terminating proxy that appends the address
 * it saw: the entry `hops` from the right is the one a trusted proxy wrote (STOREFRONT_PROXY_HOPS,
 * default 1). A client cannot push it out by writing more entries on the left.
 */
export function clientAddress(forwardedFor: string | null | undefined, hops = 1): string | null {
  if (!forwardedFor) return null;
  const entries = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = entries[entries.length - Math.max(1, hops)] ?? entries[0];
  return address && /^[0-9a-fA-F:.]{2,45}$/.test(address) ? address : null;
}
