import { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** oidc-provider's own limit for form bodies. */
const MAX_FORM_BYTES = 56 * 1024;

export class FormTooLargeError extends Error {}

/** Parses form posts (the sign-in page) into a flat object in this plugin scope. */
export function addFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** Reads a form-encoded request body (the stream is consumed). */
export async function readForm(raw: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new FormTooLargeError('request entity too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A copy of `raw` whose body is `form`: same socket, method, URL and headers (with the new
 * length), so oidc-provider reads the rewritten body as if the client had sent it.
 */
export function requestWithForm(raw: IncomingMessage & { originalUrl?: string }, form: URLSearchParams) {
  const body = Buffer.from(form.toString(), 'utf8');
  const copy = new IncomingMessage(raw.socket) as IncomingMessage & { originalUrl?: string };
  copy.method = raw.method;
  copy.url = raw.url;
  copy.originalUrl = raw.originalUrl;
  copy.httpVersion = raw.httpVersion;
  copy.httpVersionMajor = raw.httpVersionMajor;
  copy.httpVersionMinor = raw.httpVersionMinor;
  const headers = { ...raw.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).flatMap((v) => [name, v]),
  );
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}
