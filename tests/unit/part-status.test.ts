import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The shop API as the proxy sees it: each call waits until the test answers it. */
function shopApi() {
  const calls: { url: string; answer: (body: unknown, status?: number) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string) =>
        new Promise<Response>((resolve) =>
          calls.push({ url: String(input), answer: (body, status = 200) => resolve(Response.json(body, { status })) }),
        ),
    ),
  );
  return calls;
}
const part = (slug: string) => ({ code: 'P0000042', slug, soldAt: null });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the proxy's memory of part statuses", () => {
  let partStatus: typeof import('@/lib/catalogue/part-status').partStatus;
  let forgetPartStatus: typeof import('@/lib/catalogue/part-status').forgetPartStatus;
  beforeEach(async () => {
    vi.resetModules();
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('shop.catalogue.part-status')];
    ({ partStatus, forgetPartStatus } = await import('@/lib/catalogue/part-status'));
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the shop API for a part seen for the first time, once a minute at most', async () => {
    const calls = shopApi();
    const first = partStatus('P0000042');
    await settle();
    calls[0]!.answer(part('phare-p0000042'));
    expect(await first).toEqual({ kind: 'known', path: '/piece/P0000042/phare-p0000042', soldAt: null });
    vi.advanceTimersByTime(59_000);
    expect(await partStatus('P0000042')).toMatchObject({ path: '/piece/P0000042/phare-p0000042' });
    expect(calls).toHaveLength(1);
  });

  it('answers a known part at once past its minute and asks again in the background, once', async () => {
    const calls = shopApi();
    const first = partStatus('P0000042');
    await settle();
    calls[0]!.answer(part('phare-p0000042'));
    await first;
    vi.advanceTimersByTime(61_000);
    // The shop API has not answered yet (busy): the page is not kept waiting for it.
    expect(await partStatus('P0000042')).toMatchObject({ path: '/piece/P0000042/phare-p0000042' });
    expect(await partStatus('P0000042')).toMatchObject({ path: '/piece/P0000042/phare-p0000042' });
    await settle();
    expect(calls).toHaveLength(2);
    // Its answer is what the next visit sees.
    calls[1]!.answer(part('phare-avant-p0000042'));
    await settle();
    expect(await partStatus('P0000042')).toMatchObject({ path: '/piece/P0000042/phare-avant-p0000042' });
    expect(calls).toHaveLength(2);
  });

  it('keeps no answer asked for before an event named the part: the next visit asks again', async () => {
    const calls = shopApi();
    const first = partStatus('P0000042');
    await settle();
    calls[0]!.answer(part('phare-p0000042'));
    await first;
    vi.advanceTimersByTime(61_000);
    await partStatus('P0000042');
    await settle();
    forgetPartStatus(['P0000042']);
    calls[1]!.answer(part('phare-p0000042'));
    await settle();
    const next = partStatus('P0000042');
    await settle();
    expect(calls).toHaveLength(3);
    calls[2]!.answer(part('phare-renomme-p0000042'));
    expect(await next).toMatchObject({ path: '/piece/P0000042/phare-renomme-p0000042' });
  });

  it('never remembers an unknown part, and forgets a known one the shop API no longer has', async () => {
    const calls = shopApi();
    const unknown = partStatus('P0000099');
    await settle();
    calls[0]!.answer({ code: 404, message: 'Not Found' }, 404);
    expect(await unknown).toEqual({ kind: 'unknown' });
    const again = partStatus('P0000099');
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.answer({ code: 404, message: 'Not Found' }, 404);
    await again;

    const known = partStatus('P0000042');
    await settle();
    calls[2]!.answer(part('phare-p0000042'));
    await known;
    vi.advanceTimersByTime(61_000);
    await partStatus('P0000042');
    await settle();
    calls[3]!.answer({ code: 404, message: 'Not Found' }, 404);
    await settle();
    const gone = partStatus('P0000042');
    await settle();
    expect(calls).toHaveLength(5);
    calls[4]!.answer({ code: 404, message: 'Not Found' }, 404);
    expect(await gone).toEqual({ kind: 'unknown' });
  });
});
