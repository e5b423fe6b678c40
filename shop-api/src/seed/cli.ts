/**
 * `npm run seed -- --parts N [--reset]`: loads the deterministic seed catalogue into the database
 * named by DATABASE_URL, or the PGlite files under the var dir.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { progressReporter } from './progress.js';
import { catalogueSize, isSeeded, resetCatalogue, seedCatalogue } from './seed.js';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '3000' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(
    'Utilisation : npm run seed -- [--parts N] [--reset]\n  --parts N  nombre de pièces à générer (3000 par défaut)\n  --reset    remplace le catalogue existant',
  );
  process.exit(0);
}

const parts = Number(values.parts);
if (!Number.isInteger(parts) || parts < 0 || parts > 1_000_000) {
  console.error(`--parts attend un nombre entier entre 0 et 1 000 000 (reçu : "${values.parts}").`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.varDir}/pglite` });
try {
  await database.migrate();
  if (await isSeeded(database.db)) {
    if (!values.reset) {
      console.error(
        `La base contient déjà un catalogue (${await catalogueSize(database.db)} pièces). Relancez avec --reset pour le remplacer.`,
      );
      process.exit(1);
    }
    await resetCatalogue(database.db);
  }
  const started = Date.now();
  const progress = progressReporter('Chargement du catalogue');
  await seedCatalogue(database.db, { parts, onProgress: progress.update });
  progress.stop();
  console.log(`${parts} pièces chargées en ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind}).`);
} finally {
  await database.close();
}
