import { z } from 'zod';
import { itemFilterSchema } from './tables.ts';

/** Lists exported as they are (the caller's notifications, the team's members). */
export const LIST_EXPORT_AREAS = ['notifications', 'members'] as const;
export type ListExportArea = (typeof LIST_EXPORT_AREAS)[number];
/** Every area: the lists, and a table's rows (one table, as filtered and sorted on screen). */
export const EXPORT_AREAS = [...LIST_EXPORT_AREAS, 'table'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const formatSchema = z.enum(EXPORT_FORMATS).default('csv');

export const listExportSchema = z.object({
  area: z.enum(LIST_EXPORT_AREAS),
  format: formatSchema,
});

/**
 * A table's rows as the grid shows them: the same filters, sort, order and search as
 * GET .../:tableId/items (filters as an array here, not JSON text). Columns in the table's order,
 * headed by their names; needs read on {product}_table.
 */
export const tableExportSchema = z.object({
  area: z.literal('table'),
  format: formatSchema,
  table_id: z.string().max(100),
  filters: z.array(itemFilterSchema).max(50).optional(),
  sort: z.string().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
});
export type TableExport = z.infer<typeof tableExportSchema>;

/** POST /api/exports: start an export job (source export_document). */
export const startExportSchema = z.discriminatedUnion('area', [listExportSchema, tableExportSchema]);
export type StartExport = z.infer<typeof startExportSchema>;
export type StartExportInput = z.input<typeof startExportSchema>;

/** 202 answer: the process id that the socket's progress messages will carry. */
export const exportStartedSchema = z.object({ id: z.string(), source: z.literal('export_document') });
export type ExportStarted = z.infer<typeof exportStartedSchema>;
