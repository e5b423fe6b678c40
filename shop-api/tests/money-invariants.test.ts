/**
 * The money and stock invariants (I1–I5, see tests/model/money-model.ts) over random interleavings of
 * shoppers, the staff, the sandbox page and Stripe's webhooks, on PostgreSQL (PGlite without it), with a fixed
 * seed: the same sequences at every run. `npm run bench:invariants` runs thousands of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { runMoneyModel, startModelShop, type ModelShop } from './model/money-model.js';

describe.each(BACKENDS)('money and stock invariants on %s', (backend) => {
  let shop: ModelShop;
  beforeAll(async () => {
    shop = await startModelShop(backend);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('hold after every step of 200 random sequences of shoppers, staff and providers', async () => {
    const result = await runMoneyModel(shop, { runs: 200, seed: 20261123, maxCommands: 20 });
    console.info(
      `invariants on ${backend}: ${result.runs} runs, ${result.steps} steps, ${result.placed} orders placed, ${result.refunded} refunds, ${result.superseded} payments opened over another of the customer's`,
    );
    expect(result.failure).toBeNull();
    expect(result.runs).toBe(200);
    // The sequences reached what the invariants are about: parts held, orders placed, a customer paying
    // for one cart while a payment was open on their other one.
    expect(result.heldSteps).toBeGreaterThan(50);
    expect(result.placed).toBeGreaterThan(20);
    expect(result.superseded).toBeGreaterThan(5);
  }, 600_000);
});
