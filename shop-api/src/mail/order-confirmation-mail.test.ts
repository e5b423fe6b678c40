import { describe, expect, it } from 'vitest';
import { orderConfirmationMail, type ConfirmedOrder } from './templates.js';

const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });

const pallet: ConfirmedOrder = {
  number: '000000042',
  lines: [{ name: 'Hayon', amount: 73890 }],
  itemsTotal: 73890,
  shippingName: 'Messagerie sur palette',
  shippingTotal: 6900,
  total: 80790,
  url: 'https://pieces.example/compte/commandes/abc',
  consumer: true,
};

describe('order confirmation mail', () => {
  it('gives the three amount lines of the order, in order: parts, delivery with its method, total TTC', () => {
    const { text, html } = orderConfirmationMail('lea@exemple.fr', 'Léa', pallet);
    const lines = text.split('\n');
    const parts = lines.indexOf(`Pièces (1) : ${euros(73890)}`);
    const delivery = lines.indexOf(`Livraison (Messagerie sur palette) : ${euros(6900)}`);
    const total = lines.indexOf(`Total payé TTC : ${euros(80790)}`);
    expect([parts, delivery, total].every((index) => index > 0)).toBe(true);
    expect(parts < delivery && delivery < total).toBe(true);
    for (const line of [
      `Pièces (1) : ${euros(73890)}`,
      `Livraison (Messagerie sur palette) : ${euros(6900)}`,
      `Total payé TTC : ${euros(80790)}`,
    ]) {
      expect(html).toContain(`<p>${line}</p>`);
    }
  });

  it('shows the order’s own totals, never sums of its own', () => {
    // Figures as the shop API's order holds them, even where they differ from a sum of the lines.
    const { text } = orderConfirmationMail('lea@exemple.fr', 'Léa', {
      ...pallet,
      lines: [
        { name: 'Hayon', amount: 100 },
        { name: 'Rétroviseur', amount: 200 },
      ],
      itemsTotal: 350,
      shippingTotal: 0,
      shippingName: 'Retrait au centre VHU',
      total: 350,
    });
    expect(text).toContain(`Pièces (2) : ${euros(350)}`);
    expect(text).toContain('Livraison (Retrait au centre VHU) : gratuite');
    expect(text).toContain(`Total payé TTC : ${euros(350)}`);
  });
});
