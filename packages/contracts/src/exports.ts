import { z } from 'zod';

/** What can be exported until modules bring their own queries. */
export const EXPORT_AREAS = ['notifications', 'members'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** POST /api/exports: start an export job (source export_document). */
export const startExportSchema = z.object({
  area: z.enum(EXPORT_AREAS),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type StartExport = z.infer<typeof startExportSchema>;

/** 202 answer: the process id that the socket's progress messages will carry. */
export const exportStartedSchema = z.object({ id: z.string(), source: z.literal('export_document') });
export type ExportStarted = z.infer<typeof exportStartedSchema>;
