/**
 * The account invariants (A1–A5, see tests/model/account-model.ts) over random interleavings of an
 * e-mail address's owner, a stranger registering the same address from another IP, and time passing,
 * on PGlite and PostgreSQL, with fixed seeds: the same sequences at every run. Each sequence ends with
 * the owner getting into the account from its own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { runAccountModel, startAccountShop } from './model/account-model.js';

const RUNS = 25;

describe.each(BACKENDS)('account invariants on %s', (backend) => {
  let shop: Awaited<ReturnType<typeof startAccountShop>>;
  beforeAll(async () => {
    shop = await startAccountShop(backend);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it(`hold after every step of ${RUNS} random sequences from no account, and the owner always gets in`, async () => {
    const result = await runAccountModel(shop, { runs: RUNS, seed: 20261126, maxCommands: 16 });
    console.info(
      `from no account on ${backend}: ${result.runs} runs, ${result.steps} steps, ${JSON.stringify(result.reached)}`,
    );
    expect(result.failure).toBeNull();
    expect(result.runs).toBe(RUNS);
    // The owner confirmed within the sequences (not only at the recovery).
    expect(result.reached.confirmed).toBeGreaterThan(5);
  }, 300_000);

  it(`hold after every step of ${RUNS} random sequences against a stranger learning every password the owner sets`, async () => {
    const result = await runAccountModel(shop, { runs: RUNS, seed: 20261127, maxCommands: 20, start: 'keylogger' });
    console.info(
      `with a keylogger on ${backend}: ${result.runs} runs, ${result.steps} steps, ${JSON.stringify(result.reached)}`,
    );
    expect(result.failure).toBeNull();
    expect(result.runs).toBe(RUNS);
    // Resets that put addresses to review, some of them the stranger's.
    expect(result.reached.resets).toBeGreaterThan(5);
    expect(result.reached.suspects).toBeGreaterThan(0);
    expect(result.reached.strangerAddresses).toBeGreaterThan(0);
  }, 300_000);
});
