/**
 * Content negotiation as API Platform does it: `application/ld+json` (the default) keeps `@id`/`@type`
 * and the hydra envelope; `application/json` gets plain objects and bare arrays for collections.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

function wantsPlainJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('application/ld+json');
}

function stripJsonLd(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripJsonLd);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('@'))
        .map(([key, inner]) => [key, stripJsonLd(inner)]),
    );
  }
  return value;
}

export function registerNegotiation(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !payload || typeof payload !== 'object') return payload;
    // Not a JSON-LD resource (tokens, staff answers): plain JSON whatever was asked.
    if (!Array.isArray(payload) && !('@type' in payload)) {
      reply.type('application/json; charset=utf-8');
      return payload;
    }
    if (!wantsPlainJson(request)) {
      reply.type('application/ld+json; charset=utf-8');
      return payload;
    }
    reply.type('application/json; charset=utf-8');
    const body = payload as Record<string, unknown>;
    if (body['@type'] === 'hydra:Collection') return stripJsonLd(body['hydra:member']);
    return stripJsonLd(body);
  });
}
