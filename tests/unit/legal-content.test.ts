/**
 * The legal pages the SEO team edits still say what French law requires of the yard,
 * agree with the shop's delivery methods and cookies, and the privacy policy PDF carries the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { shippingPrice } from '../../shop-api/src/domain/shipping-price';
import { SHIPPING_METHODS } from '../../shop-api/src/seed/shipping-methods';
import { contentPagePdf } from '@/lib/content/pdf';
import { formatPrice } from '@/lib/format/price';
import { STRICTLY_NECESSARY_COOKIE_NAMES } from '@/lib/security/cookies';

const page = (stem: string) => readFileSync(join(process.cwd(), 'content/pages', `${stem}.md`), 'utf8');
const body = (stem: string) => page(stem).replace(/^---[\s\S]*?---\n/, '');
// Typography in content uses no-break spaces and curly quotes; compare on plain text.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");

describe('legal notice', () => {
  const notice = plain(page('mentions-legales'));
  it('has every field a French merchant and an approved ELV centre must show', () => {
    for (const field of [
      'Raison sociale',
      'Forme juridique et capital',
      'Siège social',
      'RCS',
      'SIREN',
      'TVA intracommunautaire',
      'Directeur de la publication',
      "Numéro d'agrément préfectoral",
      'Hébergeur',
      'Médiateur de la consommation',
      'Téléphone',
    ]) {
      expect(notice, field).toContain(field);
    }
  });
  it('marks what the yard must fill in, and says so', () => {
    expect(notice.match(/\[À COMPLÉTER/g)!.length).toBeGreaterThanOrEqual(10);
    expect(notice).toContain('Ne mettez pas la boutique en ligne tant qu');
  });
});

describe('terms of sale for consumers', () => {
  const terms = plain(page('conditions-generales-de-vente'));
  it('gives the 14-day withdrawal, the online function and the model form', () => {
    expect(terms).toContain('**14 jours**');
    expect(terms).toContain('« Renoncer au contrat ici »');
    expect(terms).toContain('« Confirmer la rétractation »');
    expect(terms).toContain('Formulaire de rétractation');
    expect(terms).toContain(
      'Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat',
    );
    expect(terms).toMatch(/Les frais de retour sont à votre charge/);
    expect(terms).toMatch(/moteur ou une boîte de vitesses sur palette/);
  });
  it('carries the legal-guarantees box for used goods, the commercial guarantee and the mediator', () => {
    expect(terms).toContain('Garantie légale de conformité et garantie des vices cachés');
    expect(terms).toContain("Durant un délai de douze mois à compter de la délivrance du bien d'occasion");
    expect(terms).toContain('articles 1641 à 1649 du code civil');
    expect(terms).toContain('Garantie commerciale');
    expect(terms).toContain('médiateur de la consommation');
  });
  it('has no link to the closed EU online dispute platform', () => {
    expect(terms).not.toMatch(/ec\.europa\.eu\/consumers\/odr|plateforme (européenne )?de règlement en ligne/i);
  });
  it('points professionals to their own terms, which exist and refuse the consumer withdrawal', () => {
    expect(terms).toContain('(/conditions-generales-de-vente-professionnels)');
    const pro = plain(page('conditions-generales-de-vente-professionnels'));
    expect(pro).toContain('Pas de droit de rétractation');
    expect(pro).toContain('indemnité forfaitaire de 40 € pour frais de recouvrement');
    expect(pro).toContain('SIRET');
  });
});

describe('delivery terms', () => {
  const delivery = plain(page('modalites-de-livraison'));
  it('name every shipping method of the shop with its price and weights', () => {
    for (const method of SHIPPING_METHODS) {
      expect(delivery, method.code).toContain(method.name);
      expect(delivery, method.code).toContain(
        method.basePrice === 0 ? 'gratuit' : plain(formatPrice(method.basePrice)),
      );
      if (method.pricePerExtraKg) expect(delivery).toContain(plain(formatPrice(method.pricePerExtraKg)));
      if (method.maxWeightGrams) expect(delivery).toContain(`jusqu'à ${method.maxWeightGrams / 1000} kg`);
      if (method.minWeightGrams) expect(delivery).toContain(`à partir de ${method.minWeightGrams / 1000} kg`);
    }
  });
  it('give examples the shop API would charge', () => {
    const rule = (code: string) => {
      const method = SHIPPING_METHODS.find((candidate) => candidate.code === code)!;
      return { includedWeightGrams: 0, pricePerExtraKg: 0, minWeightGrams: null, maxWeightGrams: null, ...method };
    };
    expect(delivery).toContain(`un turbo de 7 kg, ${plain(formatPrice(shippingPrice(rule('colis'), 7000)))}`);
    expect(delivery).toContain(
      `un moteur de 140 kg sur palette, ${plain(formatPrice(shippingPrice(rule('messagerie'), 140_000)))}`,
    );
  });
});

describe('privacy policy', () => {
  const policy = plain(page('politique-de-confidentialite'));
  it('lists every cookie the shop sets, and where to download and delete one’s data', () => {
    for (const name of STRICTLY_NECESSARY_COOKIE_NAMES) expect(policy, name).toContain(`\`${name}\``);
    expect(policy).toContain('(/compte/donnees)');
    expect(policy).toContain('10 ans');
  });

  it('is the same text in the PDF the footer links to: tagged, in French, titled', async () => {
    const pdf = await contentPagePdf({
      title: 'Politique de confidentialité',
      markdown: body('politique-de-confidentialite'),
      siteUrl: 'https://pieces.example',
      date: new Date('2026-11-22T12:00:00Z'),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { text } = await extractText(document, { mergePages: true });
    const flat = plain(text).replace(/\s+/g, ' ');
    for (const heading of ['Qui traite vos données', 'Combien de temps', 'Vos droits', 'Cookies'])
      expect(flat).toContain(heading);
    for (const name of STRICTLY_NECESSARY_COOKIE_NAMES) expect(flat).toContain(name);
    // Long links wrap: compare without the line breaks' spaces.
    expect(flat.replace(/ /g, '')).toContain('(https://pieces.example/compte/donnees)');
    const { info } = await getMeta(document);
    expect(info).toMatchObject({ Title: 'Politique de confidentialité', Language: 'fr-FR' });
    const structure = JSON.stringify(await (await document.getPage(1)).getStructTree());
    expect(structure).toContain('"role":"H1"');
  });
});

describe('accessibility statement', () => {
  it('states the conformity level, what is tested, and the ways of recourse', () => {
    const statement = plain(page('declaration-accessibilite'));
    expect(statement).toContain('**partiellement conforme**');
    expect(statement).toContain('RGAA 4.1');
    expect(statement).toContain('Défenseur des droits');
  });
});
