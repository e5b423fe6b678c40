/**
 * `npm run vehicules-export -- list`
 * `npm run vehicules-export -- import <vehicules.csv>`
 * The yard's whole vehicles for professionals, through the running shop API's staff routes: the list
 * with each vehicle's quote requests, and the import of the staff's spreadsheet (columns: see
 * EXPORT_COLUMNS in src/domain/export-vehicles.ts; `disponibilite` vendu or retire takes a vehicle
 * off the list). Re-importing the same file changes nothing. Exit code 2 when lines were refused.
 */
import { EXPORT_COLUMNS, EXPORT_REQUIRED_COLUMNS } from '../domain/export-vehicles.js';
import type { ExportImportResult } from '../use-cases/import-export-vehicles.js';
import { fail, staffClient } from './client.js';
import { readStaffCsv } from './csv.js';

const [command, file] = process.argv.slice(2);
const { call } = staffClient();
const STATES: Record<string, string> = { available: 'en vente', sold: 'vendu', withdrawn: 'retiré' };
const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
const parisTime = (utc: string) =>
  new Date(`${utc.replace(' ', 'T')}Z`).toLocaleString('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  });

interface StaffVehicle {
  code: string;
  name: string;
  year: number;
  status: string;
  state: string;
  priceExclVat: number | null;
  quoteRequests: {
    requestedAt: string;
    companyName: string;
    contactName: string;
    email: string;
    phoneNumber: string;
    destination: string | null;
    notified: boolean;
  }[];
}

if (command === 'list') {
  const vehicles = await call<StaffVehicle[]>('GET', '/export-vehicles');
  if (vehicles.length === 0) process.stdout.write('Aucun véhicule.\n');
  for (const vehicle of vehicles) {
    process.stdout.write(
      `${vehicle.code.padEnd(10)} ${`${vehicle.name} (${vehicle.year})`.padEnd(44)} ${vehicle.status.padEnd(8)} ${(STATES[vehicle.state] ?? vehicle.state).padEnd(9)} ` +
        `${vehicle.priceExclVat === null ? 'sur devis' : `${euros(vehicle.priceExclVat)} HT`}\n`,
    );
    for (const request of vehicle.quoteRequests) {
      process.stdout.write(
        `      DEVIS demandé le ${parisTime(request.requestedAt)} : ${request.companyName}, ${request.contactName}, ${request.phoneNumber}, ${request.email}` +
          `${request.destination ? `, destination ${request.destination}` : ''}${request.notified ? '' : ' (mail au centre NON parti : rappelez le client)'}\n`,
      );
    }
  }
} else if (command === 'import' && file) {
  const { records } = await readStaffCsv(file, EXPORT_REQUIRED_COLUMNS, EXPORT_COLUMNS, 'véhicule');
  const lines = records.map((record, index) => ({ line: index + 2, record }));
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const refused: string[] = [];
  for (let start = 0; start < lines.length; start += 500) {
    const { results } = await call<{ results: ExportImportResult[] }>('PUT', '/export-vehicles', {
      json: { lines: lines.slice(start, start + 500) },
    });
    for (const result of results) {
      counts[result.outcome] += 1;
      if (result.outcome === 'rejected')
        refused.push(`  ligne ${result.line} (${result.code || 'sans code'}) refusée : ${result.errors.join(' ')}`);
    }
  }
  process.stdout.write(
    `Véhicules créés : ${counts.created} · modifiés : ${counts.updated} · inchangés : ${counts.unchanged} · refusés : ${counts.rejected}\n`,
  );
  for (const line of refused) process.stdout.write(`${line}\n`);
  process.exitCode = refused.length > 0 ? 2 : 0;
} else {
  fail('Usage : npm run vehicules-export -- list\n        npm run vehicules-export -- import <vehicules.csv>');
}
