/**
 * Instances that die or are restarted under load, through HAProxy's address (round robin): the mixed
 * traffic of `npm run bench:load` and shoppers paying through the shop API. The figures (requests,
 * failures, HAProxy's detection time) are printed for the note; what is asserted is the promise:
 * once HAProxy has noticed, no request fails; a rolling restart fails none; no payment is lost or
 * taken twice (I1, I3 and I5 on the database, and every « paid » answer is a paid order).
 */
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyPages, kindOf, mixedTraffic } from '../../bench/mixed-traffic.mts';
import { openDatabase, type Database } from '../../shop-api/src/db/client.js';
import { storedInvariantViolations } from '../../shop-api/tests/model/money-model.js';
import { CLUSTER } from './helpers.js';
import { callSummary, haproxyStatus, paidButNotPlaced, payingShoppers, pidOn, untilHaproxySays } from './instances.js';

const port = (url: string) => Number(new URL(url).port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  /** When the request was sent (ms since the epoch). */
  at: number;
  kind: string;
  status: number;
}

/** The mixed traffic through HAProxy until `stop()`; every answer (status 0: no answer). */
async function traffic(families: string[]) {
  const answers: Answer[] = [];
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const run = autocannon(
    {
      url: CLUSTER.shop,
      connections: 12,
      duration: 600,
      timeout: 20,
      requests: mixedTraffic(CLUSTER.shop, families),
    },
    () => finish(),
  );
  run.on('response', (client, status, _bytes, responseTime: number) =>
    answers.push({ at: Date.now() - responseTime, kind: kindOf(client), status }),
  );
  run.on('reqError', (client) => answers.push({ at: Date.now(), kind: kindOf(client), status: 0 }));
  return {
    answers,
    async stop() {
      run.stop();
      await finished;
    },
  };
}

type Outcome = { status: number; kind?: string; step?: string };
const failed = (answers: Outcome[]) => answers.filter((answer) => answer.status === 0 || answer.status >= 500);
const describeFailures = (answers: Outcome[]) =>
  failed(answers)
    .map((answer) => `${answer.kind ?? answer.step} → ${answer.status || 'pas de réponse'}`)
    .join(', ') || 'aucune';

describe('instances that die or restart under load', () => {
  let database: Database;
  let families: string[];

  beforeAll(async () => {
    database = await openDatabase({ url: CLUSTER.databaseUrl });
    families = await familyPages(CLUSTER.shop);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function everythingUp() {
    for (const server of ['storefronts/web1', 'storefronts/web2', 'shop_apis/api1', 'shop_apis/api2'])
      await untilHaproxySays(server, 'UP', 90_000);
  }

  async function moneyHolds(checkouts: Parameters<typeof paidButNotPlaced>[1]) {
    expect(await storedInvariantViolations(database.db)).toEqual([]);
    expect(await paidButNotPlaced(database.db, checkouts)).toEqual([]);
  }

  it('failover: one storefront and one shop API killed (SIGKILL); once HAProxy has noticed, no request fails', async () => {
    await everythingUp();
    const load = await traffic(families);
    let done = false;
    const payers = await payingShoppers(database.db, 3, () => done);
    await sleep(5000);

    const killedAt = Date.now();
    process.kill(pidOn(port(CLUSTER.storefronts[0]!))!, 'SIGKILL');
    process.kill(pidOn(port(CLUSTER.apis[0]!))!, 'SIGKILL');
    const [web, api] = await Promise.all([
      untilHaproxySays('storefronts/web1', 'DOWN'),
      untilHaproxySays('shop_apis/api1', 'DOWN'),
    ]);
    const noticedAt = Date.now();
    await sleep(10_000);
    // The supervisor starts both again; HAProxy takes them back.
    await everythingUp();
    const backAt = Date.now();
    await sleep(3000);
    done = true;
    await load.stop();
    await payers.finished;

    const all = [...load.answers, ...payers.calls];
    const before = all.filter((answer) => answer.at < noticedAt);
    const after = all.filter((answer) => answer.at >= noticedAt);
    process.stdout.write(
      [
        `panne : HAProxy a vu le storefront tombé en ${web} ms, le shop API en ${api} ms ; les deux de retour ${Math.round((backAt - killedAt) / 1000)} s après`,
        `  ${all.length} requêtes (${load.answers.length} de navigation, ${payers.calls.length} de paiement), ${payers.checkouts.filter((c) => c.paid).length} commandes payées`,
        `  appels des acheteurs : ${callSummary(payers.calls)}`,
        `  avant que HAProxy remarque : ${before.length} requêtes, échecs : ${describeFailures(before)}`,
        `  après : ${after.length} requêtes, échecs : ${describeFailures(after)}`,
      ].join('\n') + '\n',
    );
    expect(failed(after)).toEqual([]);
    // Searches are answered by their page, not sent round (a redirect to themselves).
    expect(load.answers.filter((answer) => answer.kind === 'recherche' && answer.status === 308)).toEqual([]);
    expect(payers.checkouts.some((checkout) => checkout.paid)).toBe(true);
    await moneyHolds(payers.checkouts);
  });

  it('rolling restart: each instance in turn drained (SIGTERM), stopped, started and back in rotation; no request fails', async () => {
    await everythingUp();
    const load = await traffic(families);
    let done = false;
    const payers = await payingShoppers(database.db, 3, () => done);
    await sleep(3000);
    const started = Date.now();
    const steps: string[] = [];
    for (const [server, origin] of [
      ['storefronts/web1', CLUSTER.storefronts[0]!],
      ['storefronts/web2', CLUSTER.storefronts[1]!],
      ['shop_apis/api1', CLUSTER.apis[0]!],
      ['shop_apis/api2', CLUSTER.apis[1]!],
    ] as const) {
      const before = pidOn(port(origin))!;
      const stepStart = Date.now();
      process.kill(before, 'SIGTERM');
      const out = await untilHaproxySays(server, 'DOWN');
      await untilHaproxySays(server, 'UP', 90_000);
      expect(pidOn(port(origin))).not.toBe(before);
      // As a deploy tool would: the instance back warms up (slowstart) before the next one leaves.
      await sleep(5000);
      steps.push(
        `${server} : hors rotation en ${out} ms, de retour en ${Math.round((Date.now() - stepStart) / 100) / 10} s`,
      );
    }
    const took = Date.now() - started;
    await sleep(3000);
    done = true;
    await load.stop();
    await payers.finished;

    const all = [...load.answers, ...payers.calls];
    process.stdout.write(
      [
        `redémarrage progressif en ${Math.round(took / 1000)} s : ${steps.join(' ; ')}`,
        `  ${all.length} requêtes (${load.answers.length} de navigation, ${payers.calls.length} de paiement), ${payers.checkouts.filter((c) => c.paid).length} commandes payées, échecs : ${describeFailures(all)}`,
        `  appels des acheteurs : ${callSummary(payers.calls)}`,
      ].join('\n') + '\n',
    );
    expect(failed(all)).toEqual([]);
    expect(payers.checkouts.some((checkout) => checkout.paid)).toBe(true);
    await moneyHolds(payers.checkouts);
  });

  it('HAProxy shows every instance up at the end', async () => {
    await everythingUp();
    expect([...(await haproxyStatus()).values()].filter((state) => state === 'DOWN')).toEqual([]);
  });
});
