import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { multipartProblem } from './multipart-errors.ts';

/**
 * One error shape for the whole API: `{ message, details? }`. Validation errors list each field's
 * first error (spec §8 "field: first error"); 5xx hide their internals and carry `request_id`.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx carries the request id, so a user's report leads to the log lines.
      const id = error.status >= 500 ? { request_id: request.id } : {};
      return reply.status(error.status).send({ message: error.message, details: error.details, ...id });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        details[field] ??= issue.message ?? 'is invalid';
      }
      const summary = Object.entries(details)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ');
      return reply.status(400).send({ message: `Invalid request: ${summary}`, details });
    }
    const broken = multipartProblem(error);
    if (broken) return reply.status(broken.status).send({ message: broken.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        message: 'Something went wrong on our side. Please try again.',
        request_id: request.id,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'Request body is too large' });
    }
    return reply.status(status).send({ message: error.message });
  });
}
