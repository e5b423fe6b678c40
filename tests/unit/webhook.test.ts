import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhook, ReplayGuard } from '@/lib/cache/webhook';

const secret = 'a-secret-of-more-than-24-characters';
const now = 1_800_000_000;
const body = JSON.stringify({ tags: ['product:P0000001', 'listings', 'listings'] });
const sign = (timestamp: number, payload: string, key = secret) =>
  `sha256=${createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex')}`;

describe('revalidation webhook check', () => {
  it('accepts a fresh, correctly signed call and returns its tags once each', () => {
    expect(checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 2 })).toEqual({
      ok: true,
      tags: ['product:P0000001', 'listings'],
    });
  });

  it('refuses a wrong secret, a changed body or a missing signature', () => {
    expect(
      checkWebhook({
        secret,
        timestamp: String(now),
        signature: sign(now, body, 'another-secret-of-24-characters'),
        body,
        now,
      }).ok,
    ).toBe(false);
    const tampered = JSON.stringify({ tags: ['taxons'] });
    expect(
      checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body: tampered, now }),
    ).toMatchObject({ ok: false, status: 401 });
    expect(checkWebhook({ secret, timestamp: String(now), signature: null, body, now })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkWebhook({ secret, timestamp: String(now), signature: 'sha256=zz', body, now })).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuses a replay older than five minutes, or a timestamp from the future', () => {
    expect(
      checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 301 }),
    ).toMatchObject({ ok: false, reason: 'Signature expirée.' });
    expect(
      checkWebhook({ secret, timestamp: String(now + 600), signature: sign(now + 600, body), body, now }),
    ).toMatchObject({ ok: false });
  });

  it('refuses signed bodies that are not a list of tags', () => {
    for (const payload of [
      'not json',
      '{}',
      '{"tags":[]}',
      '{"tags":["a b"]}',
      `{"tags":["${'x'.repeat(201)}"]}`,
      '{"tags":[1]}',
    ]) {
      expect(
        checkWebhook({ secret, timestamp: String(now), signature: sign(now, payload), body: payload, now }),
      ).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe('replay guard of the revalidation webhook', () => {
  const call = (id: string, timestamp = now) => {
    const payload = JSON.stringify({ id, tags: ['listings'] });
    return { secret, timestamp: String(timestamp), signature: sign(timestamp, payload), body: payload };
  };

  it('takes each signed call once within its window', () => {
    const replays = new ReplayGuard();
    expect(checkWebhook({ ...call('a'), now, replays })).toEqual({ ok: true, tags: ['listings'] });
    expect(checkWebhook({ ...call('a'), now: now + 299, replays })).toEqual({
      ok: false,
      status: 409,
      reason: 'Appel déjà reçu.',
    });
    expect(checkWebhook({ ...call('b'), now, replays }).ok).toBe(true);
  });

  it('remembers only authentic calls, and forgets each once its window has passed', () => {
    const replays = new ReplayGuard();
    // A forged call is refused before it is remembered: strangers cannot fill the memory.
    for (let i = 0; i < 50; i += 1)
      checkWebhook({ ...call(`forged-${i}`), signature: `sha256=${'0'.repeat(64)}`, now, replays });
    expect(replays.size).toBe(0);
    for (let i = 0; i < 50; i += 1) checkWebhook({ ...call(`event-${i}`, now + i), now: now + i, replays });
    expect(replays.size).toBe(50);
    // Past the window of the first ones, they are gone; the call itself has expired by then.
    checkWebhook({ ...call('late', now + 330), now: now + 330, replays });
    expect(replays.size).toBe(50 - 30 + 1);
    expect(checkWebhook({ ...call('event-0'), now: now + 330, replays })).toMatchObject({
      ok: false,
      reason: 'Signature expirée.',
    });
  });

  it('refuses new calls rather than forget live ones when full', () => {
    const replays = new ReplayGuard(2);
    expect(checkWebhook({ ...call('a'), now, replays }).ok).toBe(true);
    expect(checkWebhook({ ...call('b'), now, replays }).ok).toBe(true);
    expect(checkWebhook({ ...call('c'), now, replays })).toMatchObject({ ok: false, status: 503 });
    expect(checkWebhook({ ...call('a'), now, replays })).toMatchObject({ ok: false, status: 409 });
    expect(checkWebhook({ ...call('c', now + 301), now: now + 301, replays }).ok).toBe(true);
  });
});
