// Give-back for integration tests, through the artist-payments handler as the office's screen calls it: the preview
// of a give-back for one artist of an office, and the give-back itself (docs/decisions/030).
import type { HandlerResult, SignedInAccount } from './identity';
import { call } from './identity';

/** The office and the claimed artist a give-back is for. */
export interface GiveBackTarget {
  officeId: string;
  artistId: string;
}

type PaymentsHandler = Parameters<typeof call>[0];
let payments: Promise<PaymentsHandler> | undefined;
/** The handler, imported once (a later call answers from memory, without another wait on the module loader). */
const loadPayments = (): Promise<PaymentsHandler> =>
  (payments ??= import('../../functions/handlers/artist-payments').then((module) => module.handler));

/** GET /api/for-artists/give-back/preview, with each fan's share of `amountCents` when given. */
export async function previewGiveBack(
  who: SignedInAccount,
  target: GiveBackTarget,
  amountCents?: number,
): Promise<HandlerResult> {
  return call(await loadPayments(), 'GET', '/api/for-artists/give-back/preview', {
    query: {
      officeId: target.officeId,
      artistId: target.artistId,
      ...(amountCents === undefined ? {} : { amountCents: String(amountCents) }),
    },
    cookies: [who.cookie],
  });
}

/** POST /api/for-artists/give-back under the screen's request id. */
export async function giveBack(
  who: SignedInAccount,
  target: GiveBackTarget,
  amountCents: number,
  requestId: string,
  timeoutMs?: number,
): Promise<HandlerResult> {
  return call(await loadPayments(), 'POST', '/api/for-artists/give-back', {
    body: { officeId: target.officeId, artistId: target.artistId, amountCents, requestId },
    cookies: [who.cookie],
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}
