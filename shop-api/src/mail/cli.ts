/**
 * `npm run mail [-- --count N]`: the latest mails of the outbox (var/mail, or $SHOP_VAR_DIR/mail)
 * with their recipients, subjects and links — what a customer would click in their inbox.
 */
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { readOutbox } from './outbox.js';

const countFlag = process.argv.indexOf('--count');
const count = countFlag > 0 ? Number(process.argv[countFlag + 1]) : 10;
const dir = join(loadConfig().varDir, 'mail');
const mails = await readOutbox(dir, Number.isInteger(count) && count > 0 ? count : 10);
if (mails.length === 0) {
  process.stdout.write(`Aucun mail dans ${dir} (avec SMTP_URL, les mails partent vers le serveur SMTP).\n`);
}
for (const mail of mails) {
  process.stdout.write(
    `\n${mail.date?.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }) ?? ''}  à ${mail.to}\n  ${mail.subject}\n`,
  );
  for (const link of mail.links) process.stdout.write(`  → ${link}\n`);
  process.stdout.write(`  (${join(dir, mail.file)})\n`);
}
