import { describe, expect, it } from 'vitest';
import { namesServerAction } from '@/lib/security/server-actions';

describe('namesServerAction', () => {
  const none = new Headers();
  it('finds the action of a hydrated call in its header', () => {
    expect(namesServerAction(new Headers({ 'next-action': '7f00' }), [])).toBe(true);
  });
  it('finds the action of a form posted without JavaScript in its fields', () => {
    expect(namesServerAction(none, ['$ACTION_ID_7f00', 'variant'])).toBe(true);
    expect(namesServerAction(none, ['$ACTION_REF_1', '$ACTION_1:0', '$ACTION_KEY', 'email'])).toBe(true);
  });
  it('sees none in a plain form', () => {
    expect(namesServerAction(none, ['variant', 'item'])).toBe(false);
    expect(namesServerAction(none, ['ACTION_ID_7f00', 'x$ACTION_ID_'])).toBe(false);
  });
});
