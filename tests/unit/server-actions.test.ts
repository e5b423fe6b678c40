import { describe, expect, it } from 'vitest';
import {
  formActionIds,
  formNamesServerAction,
  isCrossSiteAction,
  isReadableActionArguments,
} from '@/lib/security/server-actions';

describe('formNamesServerAction', () => {
  it('finds the action of a form posted without JavaScript in its fields', () => {
    expect(formNamesServerAction(['$ACTION_ID_7f00', 'variant'])).toBe(true);
    expect(formNamesServerAction(['$ACTION_REF_1', '$ACTION_1:0', '$ACTION_KEY', 'email'])).toBe(true);
  });
  it('sees none in a plain form', () => {
    expect(formNamesServerAction(['variant', 'item'])).toBe(false);
    expect(formNamesServerAction(['ACTION_ID_7f00', 'x$ACTION_ID_'])).toBe(false);
  });
});

describe('isCrossSiteAction', () => {
  const sentTo = (host: string, more: Record<string, string> = {}) => new Headers({ host, ...more });
  const direct = { forwardedHost: false };
  const behindProxy = { forwardedHost: true };
  it('lets a call from the page of this host through', () => {
    expect(isCrossSiteAction(sentTo('shop.example', { origin: 'https://shop.example' }), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('localhost:3000', { origin: 'http://localhost:3000' }), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('LOCALHOST:3000', { origin: 'http://localhost:3000' }), direct)).toBe(false);
  });
  it('believes the forwarded host only behind a trusted proxy', () => {
    const forwarded = sentTo('10.0.0.5:3000', {
      'x-forwarded-host': 'shop.example, 10.0.0.5',
      origin: 'https://shop.example',
    });
    expect(isCrossSiteAction(forwarded, behindProxy)).toBe(false);
    expect(isCrossSiteAction(forwarded, direct)).toBe(true);
    const written = sentTo('localhost:3000', { 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' });
    expect(isCrossSiteAction(written, direct)).toBe(true);
  });
  it('refuses another site, another port, a null, empty or unreadable origin', () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null', '', '::::', 'shop.example'])
      expect(isCrossSiteAction(sentTo('localhost:3000', { origin }), direct), origin).toBe(true);
  });
  it('lets a call without an origin through, unless the browser says it comes from another site', () => {
    expect(isCrossSiteAction(sentTo('localhost:3000'), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('localhost:3000', { 'sec-fetch-site': 'same-origin' }), direct)).toBe(false);
    for (const site of ['cross-site', 'same-site'])
      expect(isCrossSiteAction(sentTo('localhost:3000', { 'sec-fetch-site': site }), direct), site).toBe(true);
  });
});

describe('formActionIds', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  it('reads the id of an action from its field name', () => {
    expect(formActionIds(form({ $ACTION_ID_40a77e: '', variant: 'P0000001' }))).toEqual(['40a77e']);
    expect(formActionIds(form({ variant: 'P0000001', $ACTION_KEY: 'k' }))).toEqual([]);
  });
  it('reads the id of an action whose arguments a form binds, as React writes it (the payment step)', () => {
    const bound = { $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[null]' };
    expect(formActionIds(form({ ...bound, $ACTION_KEY: 'k0' }))).toEqual(['7f00ab']);
    expect(formActionIds(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"7f00ab","bound":null}' }))).toEqual([
      '7f00ab',
    ]);
  });
  it('gives null for a bound form React could not read (Next answered 500)', () => {
    const ref = { $ACTION_REF_1: '' };
    const refused: Record<string, string>[] = [
      ref,
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}' },
      { ...ref, '$ACTION_1:0': 'not json', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '["7f00ab"]', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":7,"bound":"$@1"}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@2"}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1","x":1}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '["$@2"]', '$ACTION_1:2': '[]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[' + '['.repeat(100) },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":null}', '$ACTION_1:1': '[null]' },
      { $ACTION_REF_2: '', '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[null]' },
    ];
    for (const fields of refused) expect(formActionIds(form(fields)), JSON.stringify(fields)).toBeNull();
  });
});

describe('isReadableActionArguments', () => {
  const text = (body: string) => isReadableActionArguments(body, { multipart: false });
  const multipart = (root: string) => isReadableActionArguments(root, { multipart: true });
  it('reads the arguments React sends: a JSON array of plain values', () => {
    for (const body of [
      '[]',
      '[{"email":"a@b.fr","password":"x"},"/compte"]',
      '[null,{"firstName":"Zoé","items":["1","2"],"professional":false}]',
      '["$$5 en caisse","$undefined","$D2026-11-25T10:00:00.000Z","$n12","$NaN","$-0","$-Infinity"]',
    ])
      expect(text(body), body).toBe(true);
  });
  it('reads a FormData argument only in a multipart body, whose other parts hold it', () => {
    expect(multipart('[null,"$K1"]')).toBe(true);
    expect(multipart('[{"ok":false,"messages":["$$x"]},"$K2"]')).toBe(true);
    expect(text('[null,"$K1"]')).toBe(false);
  });
  it('refuses what is not JSON, not an array, or points at a part React would fail to find or read', () => {
    for (const body of [
      '',
      '[',
      'not json',
      '"$@1"',
      '{"a":1}',
      '1',
      '["$@1"]',
      '[{"a":["$1"]}]',
      '["$Q2"]',
      '["$B1"]',
      '["$nope"]',
      '["$K"]',
      '\ufeff[]',
      JSON.stringify(Array.from({ length: 17 }, () => 'x')),
    ]) {
      expect(text(body), body).toBe(false);
      expect(multipart(body), body).toBe(false);
    }
  });
  it('refuses arguments nested deeper than any form, without running out of stack itself', () => {
    expect(text('['.repeat(32) + ']'.repeat(32))).toBe(true);
    expect(text('['.repeat(34) + ']'.repeat(34))).toBe(false);
    const depth = 200_000;
    expect(text('['.repeat(depth) + ']'.repeat(depth))).toBe(false);
    expect(text('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))).toBe(false);
  });
});
