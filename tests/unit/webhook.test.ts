import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhook, ReplayGuard } from '@/lib/cache/webhook';

const secret = 'a-secret-of-more-than-24-characters';
const now = 1_800_000_000;
const body = JSON.stringify({
  events: [
    { event: 'held', codes: ['P0000001', 'P0000001'] },
    { event: 'sold', codes: ['P0000002'] },
  ],
});
const sign = (timestamp: number, payload: string, key = secret) =>
  `sha256=${createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex')}`;

describe('revalidation webhook check', () => {
  it('accepts a fresh, correctly signed call and returns its events, each code once', async () => {
    expect(
      await checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 2 }),
    ).toEqual({
      ok: true,
      changes: [
        { event: 'held', codes: ['P0000001'] },
        { event: 'sold', codes: ['P0000002'] },
      ],
    });
  });

  it('refuses a wrong secret, a changed body or a missing signature', async () => {
    expect(
      (
        await checkWebhook({
          secret,
          timestamp: String(now),
          signature: sign(now, body, 'another-secret-of-24-characters'),
          body,
          now,
        })
      ).ok,
    ).toBe(false);
    const tampered = JSON.stringify({ events: [{ event: 'sold', codes: ['P0000003'] }] });
    expect(
      await checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body: tampered, now }),
    ).toMatchObject({ ok: false, status: 401 });
    expect(await checkWebhook({ secret, timestamp: String(now), signature: null, body, now })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await checkWebhook({ secret, timestamp: String(now), signature: 'sha256=zz', body, now })).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuses a replay older than five minutes, or a timestamp from the future', async () => {
    expect(
      await checkWebhook({ secret, timestamp: String(now), signature: sign(now, body), body, now: now + 301 }),
    ).toMatchObject({ ok: false, reason: 'Signature expirée.' });
    expect(
      await checkWebhook({ secret, timestamp: String(now + 600), signature: sign(now + 600, body), body, now }),
    ).toMatchObject({ ok: false });
  });

  it('refuses signed bodies that are not a list of catalogue events', async () => {
    for (const payload of [
      'not json',
      '{}',
      // Tag names are the storefront's own: the shop API sends events, never tags.
      '{"tags":["listings"]}',
      '{"events":[]}',
      '{"events":[{"event":17,"codes":["P1"]}]}',
      '{"events":[{"event":"Not an event name","codes":["P1"]}]}',
      '{"events":[{"codes":["P1"]}]}',
      '{"events":[{"event":"sold","codes":[]}]}',
      '{"events":[{"event":"sold","codes":["a b"]}]}',
      `{"events":[{"event":"sold","codes":["${'x'.repeat(65)}"]}]}`,
      '{"events":[{"event":"sold","codes":[1]}]}',
      '{"events":[{"event":"sold"}]}',
      `{"events":[{"event":"sold","codes":${JSON.stringify(Array.from({ length: 1001 }, (_, i) => `P${i}`))}}]}`,
    ]) {
      expect(
        await checkWebhook({ secret, timestamp: String(now), signature: sign(now, payload), body: payload, now }),
      ).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe('replay guard of the revalidation webhook', () => {
  const call = (id: string, timestamp = now) => {
    const payload = JSON.stringify({ id, events: [{ event: 'changed', codes: ['P1'] }] });
    return { secret, timestamp: String(timestamp), signature: sign(timestamp, payload), body: payload };
  };

  it('takes each signed call once within its window', async () => {
    const replays = new ReplayGuard();
    expect(await checkWebhook({ ...call('a'), now, replays })).toEqual({
      ok: true,
      changes: [{ event: 'changed', codes: ['P1'] }],
    });
    expect(await checkWebhook({ ...call('a'), now: now + 299, replays })).toEqual({
      ok: false,
      status: 409,
      reason: 'Appel déjà reçu.',
    });
    expect((await checkWebhook({ ...call('b'), now, replays })).ok).toBe(true);
  });

  it('remembers only authentic calls, and forgets each once its window has passed', async () => {
    const replays = new ReplayGuard();
    // A forged call is refused before it is remembered: strangers cannot fill the memory.
    for (let i = 0; i < 50; i += 1)
      await checkWebhook({ ...call(`forged-${i}`), signature: `sha256=${'0'.repeat(64)}`, now, replays });
    expect(replays.size).toBe(0);
    for (let i = 0; i < 50; i += 1) await checkWebhook({ ...call(`event-${i}`, now + i), now: now + i, replays });
    expect(replays.size).toBe(50);
    // Past the window of the first ones, they are gone; the call itself has expired by then.
    await checkWebhook({ ...call('late', now + 330), now: now + 330, replays });
    expect(replays.size).toBe(50 - 30 + 1);
    expect(await checkWebhook({ ...call('event-0'), now: now + 330, replays })).toMatchObject({
      ok: false,
      reason: 'Signature expirée.',
    });
  });

  it('refuses new calls rather than forget live ones when full', async () => {
    const replays = new ReplayGuard(2);
    expect((await checkWebhook({ ...call('a'), now, replays })).ok).toBe(true);
    expect((await checkWebhook({ ...call('b'), now, replays })).ok).toBe(true);
    expect(await checkWebhook({ ...call('c'), now, replays })).toMatchObject({ ok: false, status: 503 });
    expect(await checkWebhook({ ...call('a'), now, replays })).toMatchObject({ ok: false, status: 409 });
    expect((await checkWebhook({ ...call('c', now + 301), now: now + 301, replays })).ok).toBe(true);
  });

  it('takes an event it does not know as a change of its parts, and the rest of the batch as sent', async () => {
    const payload = JSON.stringify({
      events: [
        { event: 'repriced', codes: ['P0000003'] },
        { event: 'sold', codes: ['P0000004'] },
      ],
    });
    expect(
      await checkWebhook({ secret, timestamp: String(now), signature: sign(now, payload), body: payload, now }),
    ).toEqual({
      ok: true,
      changes: [
        { event: 'changed', codes: ['P0000003'] },
        { event: 'sold', codes: ['P0000004'] },
      ],
    });
  });
});
