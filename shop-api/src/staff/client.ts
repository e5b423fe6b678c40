/**
 * What the staff's commands share: the running shop API's address (SHOP_API_URL, default
 * http://127.0.0.1:$SHOP_API_PORT or 8000), the staff token (STAFF_API_TOKEN, the server's; on the
 * shop's own machine, the one it drew into var/staff-token), French failures on stderr with exit code 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_TOKEN_FILE, varDirectory } from '../config.js';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export function staffClient() {
  const base = (process.env.SHOP_API_URL || `http://127.0.0.1:${process.env.SHOP_API_PORT || 8000}`).replace(/\/$/, '');
  const token = process.env.STAFF_API_TOKEN || readDrawnToken();
  if (!token)
    fail(
      'STAFF_API_TOKEN manque : donnez la même valeur qu’au serveur shop-api (ou lancez la commande sur la machine de la boutique, après npm start).',
    );

  /** Calls a staff route; a refusal or an unreachable server ends the command with its reason. */
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: { json: unknown } | { bytes: Buffer; type: string },
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['content-type'] = body.type;
      payload = new Uint8Array(body.bytes);
    }
    let response: Response;
    try {
      response = await fetch(`${base}/api/v2/admin${path}`, { method, headers, body: payload });
    } catch {
      fail(`shop-api ne répond pas sur ${base} : est-il démarré (npm start) ?`);
    }
    const answer = (await response.json().catch(() => null)) as { 'hydra:description'?: string } | null;
    if (!response.ok) fail(`Refusé (${response.status}) : ${answer?.['hydra:description'] ?? response.statusText}`);
    return answer as T;
  }
  return { base, call };
}

function readDrawnToken(): string | undefined {
  try {
    return readFileSync(join(varDirectory(), STAFF_TOKEN_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
