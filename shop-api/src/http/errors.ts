/**
 * Error bodies of the contract: hydra:Error for 4xx resource errors, ConstraintViolationList for 422,
 * and an error handler that never lets a client's mistake become a 500.
 */
import frenchTexts from 'ajv-i18n/localize/fr/index.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeOf } from '../domain/refusal-codes.js';
import type { Violation } from '../domain/violation.js';

// Rules return violations, so the type is the domain's; routes and use cases take it here with ViolationError.
export type { Violation };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not Found') => new HttpError(404, message);

/** Authentication failures in lexik's plain JSON shape: `{"code": 401, "message": "…"}`. */
export class AuthError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** 422 with Sylius's ConstraintViolationList body. */
export class ViolationError extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => v.message).join(' '));
  }
}

/** 429 with Retry-After, for rate-limited account requests. */
export class TooManyRequestsError extends Error {
  constructor(readonly retryAfter: number) {
    super('Trop de tentatives. Réessayez plus tard.');
  }
}

/**
 * Every refusal carries a code next to its sentence (the yard's extension; see domain/refusal-codes.ts):
 * its catalogue's, or `http.<status>` for one no client needs to tell apart (a malformed request, an
 * unknown address, a failure).
 */
function hydraError(description: string, status: number): Record<string, unknown> {
  return {
    '@context': '/api/v2/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': 'An error occurred',
    'hydra:description': description,
    code: codeOf(description) ?? `http.${status}`,
  };
}

function violationList(violations: Violation[]): Record<string, unknown> {
  return {
    '@context': '/api/v2/contexts/ConstraintViolationList',
    '@type': 'ConstraintViolationList',
    'hydra:title': 'An error occurred',
    'hydra:description': violations
      .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
      .join('\n'),
    violations: violations.map((violation) => {
      const code = violation.code ?? codeOf(violation.message);
      return code ? { ...violation, code } : violation;
    }),
  };
}

/** The first of Ajv's complaints about a query string or a body, as a French sentence (ajv-i18n's texts). */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Requête invalide.';
  localizeFr([first] as Parameters<typeof localizeFr>[0]);
  const where = error.validationContext === 'querystring' ? 'paramètre' : 'champ';
  const name = first.instancePath.replace(/^\//, '').replace(/~1/g, '/') || String(first.params?.missingProperty ?? '');
  return `Valeur invalide pour le ${where} « ${name} » : ${first.message ?? 'format incorrect'}.`;
}

// ajv-i18n's types say `export default`, its code `module.exports =`: under Node the default import is the function.
const localizeFr = frenchTexts as unknown as typeof frenchTexts.default;

/** What Fastify's own refusals of a request say, by status. */
const CLIENT_ERRORS: Record<number, string> = {
  400: 'Requête illisible : le corps n’est pas du JSON valide.',
  413: 'Requête trop volumineuse.',
  414: 'Adresse trop longue.',
  415: 'Format de requête non pris en charge : envoyez du JSON.',
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route (an address that does not
 * decode, a parameter over `maxParamLength`) in the contract's shape and in French; Fastify's own answer
 * is English and repeats the whole address.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const description = status === 414 ? CLIENT_ERRORS[414]! : status === 400 ? 'Adresse invalide.' : 'Erreur interne.';
  void reply.status(status).type('application/ld+json; charset=utf-8').send(hydraError(description, status));
}

/**
 * Whether a parsed body holds a NUL character in any string, key or value, however deep: walked with
 * a list, not recursion, so that a body nested thousands of times over cannot exhaust the stack.
 */
function holdsNul(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      // Uploaded files are bytes, not text.
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL: refuse it at the door instead of failing in a query, in the
  // address and in any string of a body.
  app.addHook('onRequest', async (request) => {
    if (/%00|\u0000/i.test(request.url)) throw new HttpError(400, 'Requête invalide : caractère nul.');
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body)) throw new HttpError(400, 'Requête invalide : caractère nul.');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AuthError) {
      return reply
        .status(error.statusCode)
        .header('www-authenticate', 'Bearer')
        .type('application/json; charset=utf-8')
        .send({ code: error.statusCode, message: error.message });
    }
    if (error instanceof ViolationError) {
      return reply.status(422).type('application/ld+json; charset=utf-8').send(violationList(error.violations));
    }
    if (error instanceof TooManyRequestsError) {
      return reply
        .status(429)
        .header('retry-after', String(error.retryAfter))
        .type('application/ld+json; charset=utf-8')
        .send(hydraError(error.message, 429));
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .type('application/ld+json; charset=utf-8')
        .send(hydraError(error.message, error.statusCode));
    }
    if (error.validation) {
      return reply
        .status(400)
        .type('application/ld+json; charset=utf-8')
        .send(hydraError(describeValidation(error), 400));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (broken JSON, unsupported media type, body too large…): its texts
      // are English and some repeat what was sent.
      return reply
        .status(error.statusCode)
        .type('application/ld+json; charset=utf-8')
        .send(hydraError(CLIENT_ERRORS[error.statusCode] ?? 'Requête refusée.', error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).type('application/ld+json; charset=utf-8').send(hydraError('Internal Server Error', 500));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).type('application/ld+json; charset=utf-8').send(hydraError('Not Found', 404));
  });
}
