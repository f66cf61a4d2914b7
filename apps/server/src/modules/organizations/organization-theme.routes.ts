import type { ReadStream } from 'node:fs';
import {
  errorResponseSchema,
  LOGO_MAX_BYTES,
  logoUploadedSchema,
  logoUploadQuerySchema,
  organizationProfileSchema,
  updateOrganizationProfileSchema,
} from '@counterpart/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { requirePermission } from '../../http/auth-context.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { findLogoFile, inspectLogo, saveLogo } from './organization-theme.logo.ts';
import { auditActor, setOrganizationLogo, updateOrganizationProfile } from './organization-theme.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** What an <img> may do with a served logo: draw it, nothing else (no script, no loads, sandboxed). */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Organization theme (spec §3, settings): update the profile and theme attributes, upload a logo,
 * and serve uploaded logos publicly — an <img> cannot send a bearer token.
 */
export const organizationThemeRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  const store = createFileStore(config.dataDir);
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  app.put(
    '/api/users/organization/profile',
    {
      schema: {
        tags: ['users'],
        summary:
          "Update the current organization's name and theme (settings-update); null clears an attribute",
        security: [{ bearer: [] }],
        body: updateOrganizationProfileSchema,
        response: { 200: organizationProfileSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requirePermission(request, 'update', 'settings');
      const actor = await auditActor(database.db, auth.userId, auth.claims.email);
      return updateOrganizationProfile(database.db, auth.organizationId, actor, request.body);
    },
  );

  app.post(
    '/api/users/organization/logo',
    {
      schema: {
        tags: ['users'],
        summary:
          'Upload a logo (multipart field "file": PNG, JPEG or SVG, at most 512 KB) as the text or mark logo',
        description:
          'SVG files are rebuilt from an allowlist (no script, event handler or external reference).',
        security: [{ bearer: [] }],
        querystring: logoUploadQuerySchema,
        response: {
          200: logoUploadedSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, 'update', 'settings');
      const logo = inspectLogo(await readLogoUpload(request));
      const url = await saveLogo(store, logo);
      const actor = await auditActor(database.db, auth.userId, auth.claims.email);
      await setOrganizationLogo(database.db, auth.organizationId, actor, request.query.kind, url);
      return { url };
    },
  );

  app.get(
    '/files/logos/:file',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'An uploaded logo, public and cached for a year (its name is its content hash)',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.any().describe('The image'), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = findLogoFile(request.params.file);
      if (!file) throw notFound('Logo not found');
      const stream = await opened(store.open(file.relativePath));
      return reply
        .header('content-type', file.contentType)
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  );
};

/** The bytes of the multipart field `file`, refused clearly when missing, misnamed or too large. */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the logo as multipart/form-data in the field "file"');
  }
  const part = await request.file();
  if (!part) throw badRequest('Send the logo as multipart/form-data in the field "file"');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`Send the logo in the field "file", not "${part.fieldname.slice(0, 40)}"`);
  }
  const tooLarge = () =>
    new AppError(413, `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB: upload a smaller file`);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  // toBuffer only notices the limit on a chunk read after it: when the body's chunks end exactly at
  // the limit, the reader cuts the file there and says so only by `truncated`. Never keep a cut file.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/** Waits until the file is open, so a logo missing from disk is a 404 rather than a broken response. */
function opened(stream: ReadStream): Promise<ReadStream> {
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? notFound('Logo not found') : error);
    });
  });
}
