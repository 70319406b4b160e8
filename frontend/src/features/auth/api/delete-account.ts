// DELETE /api/auth/account and DELETE /api/for-artists/auth/delete-account (SPEC §7): erases the signed-in person
// (docs/decisions/005: name, e-mail, password, links, connections, sessions; the id stays as an anonymous tombstone
// for the money records) and clears the session cookie.
import type { MessageReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { forgetSessionHints } from '../../../lib/session-hints';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const deleteAccountRoutes = {
  fan: 'DELETE /api/auth/account',
  artist: 'DELETE /api/for-artists/auth/delete-account',
} as const satisfies AreaRoutes;

/** On success the caller leaves for the confirmation page; a screen's request answered 401 meanwhile must not. */
export async function deleteAccount(area: SelfServiceArea): Promise<MessageReply> {
  const sessionStaysIfRefused = apiClient.expectSessionEnd();
  let reply: MessageReply;
  try {
    reply = await apiClient.call(deleteAccountRoutes[area]);
  } catch (error) {
    sessionStaysIfRefused();
    throw error;
  }
  forgetSessionHints([area]);
  return reply;
}
