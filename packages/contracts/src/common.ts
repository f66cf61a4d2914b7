import { z } from 'zod';

/** Every error the API answers: the client's message extraction (spec §8) reads `message`. */
export const errorResponseSchema = z.object({
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Pagination query of every list: page_no starts at 1, page_size defaults to 20 (spec §9). */
export const pageQuerySchema = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page_no: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });
}
