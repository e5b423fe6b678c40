/**
 * What the staff's commands share: the running shop API's address (SHOP_API_URL, default
 * http://127.0.0.1:$SHOP_API_PORT or 8000), the staff token (STAFF_API_TOKEN, the server's), French
 * failures on stderr with exit code 1.
 */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export function staffClient() {
  const base = (process.env.SHOP_API_URL || `http://127.0.0.1:${process.env.SHOP_API_PORT || 8000}`).replace(/\/$/, '');
  const token = process.env.STAFF_API_TOKEN;
  if (!token) fail('STAFF_API_TOKEN manque : donnez la même valeur qu’au serveur shop-api.');

  /** Calls a staff route; a refusal or an unreachable server ends the command with its reason. */
  async function call<T = unknown>(method: string, path: string, body?: { json: unknown } | { bytes: Buffer; type: string }): Promise<T> {
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
    const answer = await response.json().catch(() => null) as { 'hydra:description'?: string } | null;
    if (!response.ok) fail(`Refusé (${response.status}) : ${answer?.['hydra:description'] ?? response.statusText}`);
    return answer as T;
  }
  return { base, call };
}
