/**
 * `npm run bench:invariants`: the money and stock invariants (I1–I5) over thousands of random
 * sequences of shoppers, staff, the sandbox page and Stripe's webhooks, on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL. Prints runs, steps, orders placed, refunds and violations
 * (fast-check's shortest failing sequence for each). Batches of `INVARIANT_BATCH` runs with their own
 * seed, so one violation does not stop the count. Nothing is asserted: the figures are the result.
 *
 *   INVARIANT_RUNS (10000 on PGlite), INVARIANT_PG_RUNS (2000 on PostgreSQL), INVARIANT_SEED (1)
 */
import { BACKENDS, type Backend } from '../shop-api/tests/helpers/backends.js';
import { runMoneyModel, startModelShop } from '../shop-api/tests/model/money-model.js';

const batch = Number(process.env.INVARIANT_BATCH || 500);
const firstSeed = Number(process.env.INVARIANT_SEED || 1);
const wanted: Record<Backend, number> = {
  pglite: Number(process.env.INVARIANT_RUNS || 10_000),
  postgres: Number(process.env.INVARIANT_PG_RUNS || 2_000),
};

let violations = 0;
for (const backend of BACKENDS) {
  const shop = await startModelShop(backend);
  const started = Date.now();
  const total = { runs: 0, steps: 0, placed: 0, refunded: 0, superseded: 0 };
  const found: string[] = [];
  for (let seed = firstSeed; total.runs < wanted[backend]; seed += 1) {
    const result = await runMoneyModel(shop, {
      runs: Math.min(batch, wanted[backend] - total.runs),
      seed,
      maxCommands: 25,
    });
    total.runs += result.runs;
    total.steps += result.steps;
    total.placed += result.placed;
    total.refunded += result.refunded;
    total.superseded += result.superseded;
    if (result.failure) found.push(`seed ${seed}: ${result.failure}`);
    process.stdout.write(
      `  ${backend}: ${total.runs}/${wanted[backend]} runs, ${total.steps} steps, ${found.length} violation(s), ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
  }
  await shop.close();
  violations += found.length;
  process.stdout.write(
    `${backend}: ${total.runs} runs, ${total.steps} steps, ${total.placed} orders placed, ${total.refunded} refunds, ${total.superseded} payments opened over another of the customer's, ${found.length} violations\n`,
  );
  for (const failure of found) process.stdout.write(`${failure}\n`);
}
process.exit(violations > 0 ? 1 : 0);
