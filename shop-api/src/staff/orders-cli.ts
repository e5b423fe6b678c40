/**
 * `npm run orders -- list [--state new|validated|fulfilled|cancelled|refund]`
 * `npm run orders -- <validate|wait|ship|fulfill|cancel> <order number or token>`
 * The yard's command for placed orders, through the running shop API's staff routes
 * (see ./client.ts for SHOP_API_URL and STAFF_API_TOKEN).
 */
import { STAFF_OPERATIONS } from '../domain/order-operations.js';
import { fail, staffClient } from './client.js';

const [command, argument, value] = process.argv.slice(2);
const { call } = staffClient();
const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });

interface Summary {
  number: string | null;
  tokenValue: string;
  state: string;
  paymentState: string;
  shippingState: string;
  shippingMethod: string | null;
  total: number;
  items: { code: string; name: string }[];
  customer: string | null;
  licencePlates: string | null;
  checkoutCompletedAt: string | null;
  withdrawals: { requestedAt: string; items: string[]; acknowledged: boolean }[];
  refunds: { provider: string; amount: number | null; reason: string | null; refundedAt: string | null }[];
}

// The shop API writes UTC dates as "2026-11-03 14:05:00".
const parisTime = (utc: string) =>
  new Date(`${utc.replace(' ', 'T')}Z`).toLocaleString('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  });

const line = (order: Summary) =>
  `${order.number ?? `panier ${order.tokenValue.slice(0, 8)}…`}  ${order.checkoutCompletedAt ? parisTime(order.checkoutCompletedAt) : ''.padEnd(17)}  ${order.state.padEnd(9)} paiement ${order.paymentState.padEnd(8)} livraison ${order.shippingState.padEnd(9)} ` +
  `${(order.shippingMethod ?? '-').padEnd(13)} ${euros(order.total).padStart(12)}  ${order.customer ?? ''}${order.licencePlates ? `  [${order.licencePlates}]` : ''}\n` +
  order.items.map((item) => `      ${item.code}  ${item.name}\n`).join('') +
  order.withdrawals
    .map(
      (request) =>
        `      RÉTRACTATION demandée le ${parisTime(request.requestedAt)} : ${request.items.join(', ')}` +
        `${request.acknowledged ? ' (accusé de réception envoyé)' : ' (accusé de réception NON envoyé : prévenez le client)'}\n`,
    )
    .join('') +
  order.refunds
    .map(
      (refund) =>
        `      ${refund.refundedAt ? `REMBOURSÉ le ${parisTime(refund.refundedAt)}` : 'REMBOURSEMENT À FAIRE (le prestataire a échoué : remboursez depuis son tableau de bord)'}` +
        ` ${refund.amount === null ? '' : euros(refund.amount)} via ${refund.provider} — ${refund.reason ?? ''}\n`,
    )
    .join('');

if (command === 'list') {
  const state = argument === '--state' ? `?state=${encodeURIComponent(value ?? '')}` : '';
  const orders = (await call('GET', `/orders${state}`)) as Summary[];
  if (orders.length === 0) process.stdout.write('Aucune commande.\n');
  for (const order of orders) process.stdout.write(line(order));
} else if ((STAFF_OPERATIONS as readonly string[]).includes(command ?? '') && argument) {
  const order = (await call('POST', `/orders/${encodeURIComponent(argument)}/${command}`)) as Summary;
  process.stdout.write(`Fait.\n${line(order)}`);
} else {
  fail(
    `Usage : npm run orders -- list [--state new|validated|fulfilled|cancelled|refund]\n        npm run orders -- <${STAFF_OPERATIONS.join('|')}> <numéro ou jeton de commande>`,
  );
}
