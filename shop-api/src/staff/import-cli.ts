/**
 * `npm run import -- <parties.csv> [--photos <dossier>]`
 * Imports the yard's parts from a spreadsheet (CSV, `;` or `,`, UTF-8) into the running shop API,
 * with a progress bar: each line creates, changes, sells or withdraws a part, or changes nothing when
 * nothing differs (re-running is safe). Lines the shop API refuses are listed with their reasons, and
 * written with an `erreurs` column to `<parties>.rejets.csv`, to fix and import again. Photos named
 * in the `photos` column are read from the folder and uploaded. The columns: src/domain/part-import.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { IMPORT_COLUMNS, REQUIRED_COLUMNS } from '../domain/part-import.js';
import type { ImportResult } from '../db/part-import.js';
import { progressReporter } from '../seed/progress.js';
import { fail, staffClient } from './client.js';
import { readStaffCsv } from './csv.js';

const BATCH = 50;
const PHOTO_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--photos');
const photosIndex = args.indexOf('--photos');
const photoDir = photosIndex >= 0 ? args[photosIndex + 1] : undefined;
if (!file || (photosIndex >= 0 && !photoDir))
  fail('Usage : npm run import -- <parties.csv> [--photos <dossier des photos>]');

const { path: csvPath, header, records } = await readStaffCsv(file, REQUIRED_COLUMNS, IMPORT_COLUMNS, 'pièce');
const photoPath = photoDir ? resolve(process.env.INIT_CWD || process.cwd(), photoDir) : undefined;

const { call } = staffClient();
const counts = { created: 0, updated: 0, unchanged: 0, sold: 0, withdrawn: 0, rejected: 0, photos: 0 };
const rejected: (Record<string, string> & { ligne: string; erreurs: string })[] = [];
const notes: string[] = [];
const progress = progressReporter('Import');
progress.update(0, records.length);

for (let start = 0; start < records.length; start += BATCH) {
  // Line numbers as the spreadsheet shows them: the header is line 1.
  const lines = records.slice(start, start + BATCH).map((record, index) => ({ line: start + index + 2, record }));
  const { results } = await call<{ results: (ImportResult & { line: number; code: string })[] }>('PUT', '/products', {
    json: { lines },
  });
  for (const result of results) {
    const record = records[result.line - 2]!;
    if (result.outcome === 'rejected') {
      counts.rejected += 1;
      rejected.push({ ligne: String(result.line), ...record, erreurs: result.errors.join(' ') });
      continue;
    }
    counts[result.outcome] += 1;
    if ('note' in result && result.note) notes.push(`ligne ${result.line} (${result.code}) : ${result.note}`);
    const photos = (record.photos ?? '')
      .split('|')
      .map((name) => name.trim())
      .filter(Boolean);
    if (!photoPath || photos.length === 0) continue;
    for (const [index, name] of photos.entries()) {
      const bytes = await readFile(join(photoPath, name)).catch(() => null);
      if (!bytes) {
        notes.push(`ligne ${result.line} (${result.code}) : photo absente du dossier : ${name}`);
        continue;
      }
      const answer = await call<{ changed: boolean }>(
        'PUT',
        `/products/${encodeURIComponent(result.code)}/images/${index + 1}`,
        {
          bytes,
          type: PHOTO_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
        },
      );
      if (answer.changed) counts.photos += 1;
    }
    await call('POST', `/products/${encodeURIComponent(result.code)}/images/keep`, { json: { count: photos.length } });
  }
  progress.update(Math.min(start + BATCH, records.length), records.length);
}
progress.stop();

const report = `${csvPath.replace(/\.csv$/i, '')}.rejets.csv`;
if (rejected.length > 0) {
  await writeFile(
    report,
    `\uFEFF${stringify(rejected, { header: true, delimiter: ';', columns: ['ligne', ...header, 'erreurs'] })}`,
  );
}
process.stdout.write(
  [
    `Pièces créées : ${counts.created}`,
    `modifiées : ${counts.updated}`,
    `vendues : ${counts.sold}`,
    `retirées : ${counts.withdrawn}`,
    `inchangées : ${counts.unchanged}`,
    `rejetées : ${counts.rejected}`,
    `photos nouvelles : ${counts.photos}`,
  ].join(' · ') + '\n',
);
for (const note of notes) process.stdout.write(`  ${note}\n`);
for (const line of rejected)
  process.stdout.write(`  ligne ${line.ligne} (${line.code || 'sans code'}) refusée : ${line.erreurs}\n`);
if (rejected.length > 0)
  process.stdout.write(`Lignes refusées écrites dans ${report} : corrigez-les et importez ce fichier.\n`);
process.exitCode = rejected.length > 0 ? 2 : 0;
