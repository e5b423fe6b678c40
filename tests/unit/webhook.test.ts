import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhook } from '@/lib/cache/webhook';

const secret = 'a-secret-of-more-than-24-characters';
const now = 1_800_000_000;
const body = JSON.stringify({ tags: ['product:P0000001', 'listings', 'listings'] });
const sign = (timestamp: number, payload: string, key = secret) =>
  `sha256=${createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex')}`;

describe('revalidation webhook check', () => {
  it('accepts a fresh, correctly signed call and returns its tags once each', () => {
    expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 2 }))
      .toEqual({ ok: true, tags: ['product:P0000001', 'listings'] });
  });

  it('refuses a wrong secret, a changed body or a missing signature', () => {
    expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, body, 'another-secret-of-24-characters'), body, now }).ok).toBe(false);
    const tampered = JSON.stringify({ tags: ['taxons'] });
    expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body: tampered, now })).toMatchObject({ ok: false, status: 401 });
    expect(checkWebhook({ secret, timestamp: String(now), signature: null, body, now })).toMatchObject({ ok: false, status: 401 });
    expect(checkWebhook({ secret, timestamp: String(now), signature: 'sha256=zz', body, now })).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a replay older than five minutes, or a timestamp from the future', () => {
    expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 301 })).toMatchObject({ ok: false, reason: 'Signature expirée.' });
    expect(checkWebhook({ secret, timestamp: String(now + 600), signature: sign(now + 600, body), body, now })).toMatchObject({ ok: false });
  });

  it('refuses signed bodies that are not a list of tags', () => {
    for (const payload of ['not json', '{}', '{"tags":[]}', '{"tags":["a b"]}', `{"tags":["${'x'.repeat(201)}"]}`, '{"tags":[1]}']) {
      expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, payload), body: payload, now })).toMatchObject({ ok: false, status: 400 });
    }
  });
});
