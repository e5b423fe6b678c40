/**
 * Builds the storefront (`next build` into `distDir`) when its sources or settings changed since that
 * folder's last build: `npm start` and `npm run start:cluster` share it. A shop API must answer at
 * `env.SHOP_API_URL` (pages prerendered at build read the catalogue and the payment terms).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { addCompileHints } from './compile-hints.mjs';
import { CHANNEL_PATH } from '../lib/payment/channel.mjs';

/**
 * What the shop API's channel says of the payment provider (decision 0029): pages cached at build
 * time show the demonstration banner or not after it, so another provider means a rebuild.
 */
async function paymentSaid(env) {
  try {
    const response = await fetch(`${env.SHOP_API_URL}/api/v2/shop/${CHANNEL_PATH}`, {
      headers: { accept: 'application/json' },
    });
    return JSON.stringify((await response.json()).paymentProvider ?? null);
  } catch {
    return 'unknown';
  }
}

/** Sources and settings that shape the storefront build: a change in any of them means a rebuild. */
function buildFingerprint(root, env, payment) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    } else {
      hash.update(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const entry of [
    'app',
    'components',
    'lib',
    'stores',
    'content',
    'messages',
    'public',
    'next.config.ts',
    'proxy.ts',
    'tailwind.config.ts',
    'postcss.config.mjs',
    'package-lock.json',
    'tsconfig.json',
    'scripts/compile-hints.mjs',
  ]) {
    walk(join(root, entry));
  }
  for (const key of [
    'SHOP_API_PUBLIC_URL',
    'SITE_URL',
    'SHOP_PHONE',
    'CONTACT_FORM_URL',
    'CONTACT_EMAIL',
    'SOCIAL_URL',
    'VHU_APPROVAL',
    // One build for several instances (start:cluster): its id and its actions' key are baked in.
    'NEXT_DEPLOYMENT_ID',
    'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
  ]) {
    hash.update(`${key}=${env[key] ?? ''}\n`);
  }
  hash.update(`payment=${payment}\n`);
  return hash.digest('hex');
}

export async function buildStorefront({ root, env, distDir, say, run, exited }) {
  const stampFile = join(distDir, 'shop-build-fingerprint');
  const fingerprint = buildFingerprint(root, env, await paymentSaid(env));
  if (
    existsSync(join(distDir, 'BUILD_ID')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fingerprint
  ) {
    say('storefront déjà construit pour ces sources et réglages.');
    return;
  }
  say('construction du storefront (next build)…');
  const code = await exited(
    run(join(root, 'node_modules/.bin/next'), ['build'], { env: { ...env, NEXT_DIST_DIR: relative(root, distDir) } }),
  );
  if (code !== 0) throw new Error(`next build a échoué (code ${code}).`);
  say(`indications de compilation ajoutées à ${addCompileHints(distDir)} scripts du navigateur.`);
  writeFileSync(stampFile, fingerprint);
}
