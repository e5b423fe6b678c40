#!/usr/bin/env node
/**
 * The cluster's mail server (`npm run start:cluster`): an SMTP server on loopback that keeps each
 * message it receives as an `.eml` file in a folder, where `npm run mail` and the cluster's tests read
 * them. The shop APIs send through SMTP_URL as they would to the yard's mail provider, from any
 * instance, instead of each writing a folder of its own.
 *
 *   node scripts/mail-catcher.mjs <port> <folder>
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';

const [port, folder] = process.argv.slice(2);
if (!port || !folder) throw new Error('usage : node scripts/mail-catcher.mjs <port> <dossier>');
mkdirSync(folder, { recursive: true, mode: 0o700 });

const server = new SMTPServer({
  // Loopback only, for tests and trials: no TLS, no account.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    // Named so that the newest sort last, as the outbox's files do.
    const file = join(
      folder,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    pipeline(stream, createWriteStream(file, { mode: 0o600 })).then(() => callback(), callback);
  },
});
server.on('error', (error) => process.stderr.write(`mail-catcher : ${error.message}\n`));
server.listen(Number(port), '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
