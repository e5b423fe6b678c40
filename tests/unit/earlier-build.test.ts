import { describe, expect, it } from 'vitest';
import { isFromEarlierBuild, reloadAllowed, RELOAD_TTL_MS } from '@/lib/deploy/earlier-build';

class MemoryStorage {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
}

describe('a page from before a deploy meeting the new build', () => {
  it('is told by Next’s errors for an unknown server action and a chunk no longer served', () => {
    expect(isFromEarlierBuild({ name: 'UnrecognizedActionError', message: 'x' })).toBe(true);
    expect(isFromEarlierBuild({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(
      isFromEarlierBuild({ name: 'Error', message: 'Server Action "40ab" was not found on the server. \nRead more' }),
    ).toBe(true);
    expect(isFromEarlierBuild({ name: 'Error', message: 'Failed to load chunk /_next/static/chunks/a.js' })).toBe(true);
    expect(isFromEarlierBuild({ name: 'TypeError', message: 'Cannot read properties of undefined' })).toBe(false);
  });

  it('reloads once, then not again for 10 seconds (a build that keeps failing shows the error page)', () => {
    const storage = new MemoryStorage();
    expect(reloadAllowed(storage, 1_000_000)).toBe(true);
    expect(reloadAllowed(storage, 1_000_000 + RELOAD_TTL_MS - 1)).toBe(false);
    expect(reloadAllowed(storage, 1_000_000 + RELOAD_TTL_MS)).toBe(true);
  });

  it('never reloads when the browser keeps nothing (private mode throwing)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(reloadAllowed(refusing, 1)).toBe(false);
  });
});
