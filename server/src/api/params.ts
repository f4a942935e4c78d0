import { z } from 'zod';

/** Path parameters shared by several modules' routes. */
export const idParam = (description: string) => z.object({ id: z.string().describe(description) });

/** ?page= where a route reads it without a shared query schema. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).optional().describe('Page number, from 1'),
});
