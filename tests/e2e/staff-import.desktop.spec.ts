import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_SHOP_API_URL, E2E_STAFF_TOKEN } from '../../playwright.config';
import { CataloguePage } from './pages/catalogue-page';

const LISTING = '/pieces/climatisation-chauffage/condenseur';
const HEADER =
  'code;nom;sous_famille;prix;reference_oem;moteur_donneur;annee;kilometrage;etat;garantie_mois;poids_kg;description;compatibilites;photos;statut';

/** The yard's import command against the end-to-end shop API. */
async function importCsv(lines: string[]) {
  const file = join(await mkdtemp(join(tmpdir(), 'e2e-import-')), 'pieces.csv');
  await writeFile(file, `${HEADER}\n${lines.join('\n')}\n`);
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'shop-api/src/staff/import-cli.ts', file], {
    env: { ...process.env, SHOP_API_URL: E2E_SHOP_API_URL, STAFF_API_TOKEN: E2E_STAFF_TOKEN },
  });
  return stdout;
}

test('an imported part reaches the cached listing, and leaves it when the import says it is sold', async ({
  page,
  request,
}) => {
  const code = `E2E-${Date.now()}`;
  const name = `Condenseur de climatisation importé ${code}`;
  const line = (status: string) =>
    `${code};${name};climatisation-chauffage/condenseur;77,00;8200B0;;2017;64 000;A;6;3,2;Condenseur sans fuite.;;;${status}`;
  // The listing is cached before the import: only the revalidation webhook can refresh it.
  await request.get(LISTING);

  expect(await importCsv([line('en_vente')])).toContain('Pièces créées : 1');
  await expect
    .poll(async () => (await (await request.get(LISTING)).text()).includes(name), { timeout: 5000, intervals: [100] })
    .toBe(true);
  const catalogue = new CataloguePage(page);
  await catalogue.goto(LISTING);
  await catalogue.partLinks().filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('77,00');

  expect(await importCsv([line('vendue')])).toContain('vendues : 1');
  await expect
    .poll(async () => (await (await request.get(LISTING)).text()).includes(name), { timeout: 5000, intervals: [100] })
    .toBe(false);
  await page.reload();
  await expect(page.getByText("Vendue – cette pièce n'est plus disponible")).toBeVisible();
});
