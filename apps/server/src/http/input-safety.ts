import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, badRequest } from '../errors.ts';

/**
 * Deepest nesting a JSON body may have. Real requests (workflow graphs, rule sets, filters) stay
 * far below; a 100,000-deep body would otherwise overflow the stack when it is written to jsonb.
 */
export const MAX_JSON_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text, or null when PostgreSQL can store it (text and jsonb alike). */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone surrogate (invalid Unicode)';
  return null;
}

/**
 * The first string (key or value) of a parsed value that PostgreSQL would refuse, with its path
 * in the form validation errors use (`rows.0.name`); null when every string is fine.
 */
export function findUnsafeText(value: unknown, path = ''): { field: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: path || 'body', problem } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key);
      if (keyProblem)
        return { field: path ? `${path}.${safeLabel(key)}` : safeLabel(key), problem: `name ${keyProblem}` };
      const found = findUnsafeText(inner, field);
      if (found) return found;
    }
  }
  return null;
}

/** A 400 naming the field, in the shape of the other validation errors. */
export function unsafeTextError(field: string, problem: string): AppError {
  return badRequest(`Invalid request: ${field}: ${problem}`, { [field]: problem });
}

/** Refuses a text PostgreSQL cannot store (multipart fields and file names), naming the field. */
export function requireSafeText(field: string, text: string): string {
  const problem = textProblem(text);
  if (problem) throw unsafeTextError(field, problem);
  return text;
}

/**
 * How deep the JSON text nests (objects and arrays), stopping as soon as it passes `limit`:
 * a linear scan that skips strings, so nothing recursive ever sees an overly deep body.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Every JSON body goes through Fastify's own parser (prototype-poisoning checks kept) after a depth
 * check, and every string of it, of the query string and of the path must be storable: a NUL byte
 * or a lone surrogate is a 400 naming the field instead of a 500 from PostgreSQL.
 */
export function registerInputSafety(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const problem = `nests deeper than ${MAX_JSON_DEPTH} levels`;
      done(badRequest(`Invalid request: the JSON body ${problem}`, { body: problem }), undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const found = findUnsafeText(parsed);
      if (found) return done(unsafeTextError(found.field, found.problem), undefined);
      done(null, parsed);
    });
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const value of [request.params, request.query]) {
      const found = findUnsafeText(value);
      if (found) throw unsafeTextError(found.field, found.problem);
    }
  });
}

/** A key shown in an error: its storable characters only. */
function safeLabel(key: string): string {
  return key.replaceAll('\u0000', '\\u0000').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');
}
