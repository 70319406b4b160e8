import * as z from 'zod/mini';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  table: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;
