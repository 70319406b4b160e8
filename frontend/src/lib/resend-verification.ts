// POST /api/auth/resend-verification: a signed-in fan asks for a new verification link, because paying needs a
// verified address. Shared (lib/, not a feature) because every place that refuses a pie for it offers the link.
import type { MessageReply } from '@contracts/auth';
import { apiClient } from './api-client';
import { apiPath } from './api-path';

export function sendNewVerificationLink(): Promise<MessageReply> {
  return apiClient.post<MessageReply>(apiPath('POST /api/auth/resend-verification'));
}
