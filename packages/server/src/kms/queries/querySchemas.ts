import { z } from 'zod'

/** Pieces shared by the query body schemas. */
export const organizationIdSchema = z.string().min(1, 'organizationId is required').max(128)
export const idSchema = z.string().min(1).max(128)
export const paginationSchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a decimal string')
      .refine((value) => Number(value) >= 1 && Number(value) <= 100, 'limit must be between 1 and 100')
      .optional(),
    before: idSchema.optional(),
    after: idSchema.optional(),
  })
  .strict()
