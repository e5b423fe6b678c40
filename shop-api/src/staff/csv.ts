/** The staff's spreadsheets as CSV: read from where the command was typed, `;` or `,`, BOM, French failures. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { fail } from './client.js';

export interface StaffCsv {
  /** Absolute path of the file. */
  path: string;
  /** Column names as the header gives them, trimmed and lower-cased. */
  header: string[];
  /** One record per line; line n of the spreadsheet is records[n - 2] (the header is line 1). */
  records: Record<string, string>[];
}

export async function readStaffCsv(
  file: string,
  required: readonly string[],
  known: readonly string[],
  what: string,
): Promise<StaffCsv> {
  // `npm run …` runs in shop-api/: paths are the user's, relative to where they typed the command.
  const path = resolve(process.env.INIT_CWD || process.cwd(), file);
  const source = await readFile(path, 'utf8').catch(() => fail(`Fichier introuvable : ${file}`));
  const text = source.replace(/^\uFEFF/, '');
  // French spreadsheets separate with ";" (the comma is the decimal sign); others with ",": the header says which.
  const firstLine = text.split('\n', 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (names: string[]) => names.map((name) => name.trim().toLowerCase()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    fail(`Ce fichier n’est pas un CSV lisible : ${(error as Error).message}`);
  }
  const header = Object.keys(records[0] ?? {});
  const missing = required.filter((column) => !header.includes(column));
  if (records.length === 0) fail(`Le fichier ne contient aucune ligne de ${what}.`);
  if (missing.length > 0)
    fail(`Colonnes manquantes : ${missing.join(', ')}. Colonnes reconnues : ${known.join(', ')}.`);
  return { path, header, records };
}
