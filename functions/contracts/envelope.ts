// The one reply envelope of DESIGN §1, shared by every handler and the SPA's API client.
import * as z from 'zod/mini';

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  requestId: z.optional(z.string()),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** The success envelope as the SPA reads it; `data` is the route's reply (contracts/api/index.ts RouteReplyData). */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  pagination?: Pagination;
}

// The machine codes a failure may carry, with their statuses, are registered in contracts/errors.ts.

/**
 * A reply header the local server adds (local/handlers.ts): the product clock's instant when it answered, which the
 * time machine may have moved ahead of the system clock. The SPA counts days from it (frontend/src/lib/product-time.ts).
 * Never set in AWS, where the product clock is the system clock.
 */
export const productTimeHeader = 'x-openpie-product-time';
