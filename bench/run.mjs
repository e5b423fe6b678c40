#!/usr/bin/env node
/** `npm run bench`: runs every benchmark of bench/ in turn and prints their figures (nothing is asserted). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benches = [
  ['(d) Seed catalogue', ['--import', 'tsx', 'bench/seed.mts']],
  ['(c) shop-api latency', ['--import', 'tsx', 'bench/shop-api.mts']],
  ['(a) requests/s and (b) first-load JavaScript', ['--import', 'tsx', 'bench/web.mts']],
];
let failed = false;
for (const [title, args] of benches) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
