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

/** The success envelope around a given data schema. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    pagination: z.optional(paginationSchema),
  });
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  pagination?: Pagination;
}

/** Machine codes a failure may carry; the SPA switches on these, never on messages. */
export const errorCodes = [
  'bad_request',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'rate_limited',
  'not_implemented',
  'unhealthy',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
