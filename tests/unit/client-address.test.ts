import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/auth/client-address';

describe('the shopper address forwarded to the shop API', () => {
  it('takes the entry the trusted proxy appended, not what the client wrote on the left', () => {
    expect(clientAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress('1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress('1.2.3.4, 5.6.7.8, 203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('counts hops from the right when there are several proxies', () => {
    expect(clientAddress('1.2.3.4, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('forwards nothing that is not an address', () => {
    expect(clientAddress(null)).toBeNull();
    expect(clientAddress('')).toBeNull();
    expect(clientAddress('1.2.3.4, <script>')).toBeNull();
    expect(clientAddress("1.2.3.4, ' OR 1=1")).toBeNull();
  });
});
