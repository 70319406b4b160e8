// What the simulation's commands share: the fast-check command type over the model and the real world, the failure a
// command sees at once from the product, a fresh session for a person who comes back, and the product's refusals
// that are it doing its job.
import type fc from 'fast-check';
import { isAppError } from '../../functions/domain/errors';
import { createLogger } from '../../functions/runtime/logger';
import { sessionDependencies, startSession } from '../../functions/services/sessions';
import type { SignedInAccount, call } from '../support/identity';
import { sessionCookie } from '../support/identity';
import type { SimModel } from './model';
import type { SimReal } from './real';

export type Command = fc.AsyncCommand<SimModel, SimReal>;
export const log = createLogger('silent', { simulation: 'commands' });

/** A failure of the product the commands saw at once (a 5xx, a double click opening two sessions …). */
export class ProductFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProductFault';
  }
}

/** A session started now (product time): people sign in again when the one they had ran out. */
export async function signedInNow(
  account: SignedInAccount,
  kind: 'fan' | 'artist' | 'admin',
): Promise<SignedInAccount> {
  const session = await startSession(sessionDependencies(), kind, account.userId);
  return { ...account, token: session.token, cookie: `${sessionCookie[kind]}=${session.token}` };
}

/** Refusals a request may meet that are the product doing its job (nothing to pay, below the minimum …). */
export function isRefusal(error: unknown): boolean {
  return isAppError(error);
}

/** A reply that is the product failing: a 5xx other than 503, which says "try again later" (Stripe away). */
export function isServerFault(statusCode: number): boolean {
  return statusCode >= 500 && statusCode !== 503;
}

type ApiHandler = Parameters<typeof call>[0];
/** The API handlers the commands call. */
const apiHandlers = [
  'fan-payments',
  'fan-tracks',
  'fan-auth',
  'artist-offices',
  'artist-claims',
  'admin-claims',
] as const;
type ApiHandlerName = (typeof apiHandlers)[number];
const handlers = new Map<string, Promise<ApiHandler>>();

/**
 * The API handler of functions/handlers/<name>.ts, imported once: a second call answers from memory, without waiting
 * on the module loader again (a real-time wait that would let a concurrent click go on a different distance each run).
 */
export function handlerOf(name: ApiHandlerName): Promise<ApiHandler> {
  let handler = handlers.get(name);
  if (!handler) {
    handler = import(`../../functions/handlers/${name}.ts`).then(
      (module: { handler: ApiHandler }) => module.handler,
    );
    handlers.set(name, handler);
  }
  return handler;
}

/** Imports every handler the commands call, before the first command (so none is first imported mid-race). */
export async function loadApiHandlers(): Promise<void> {
  await Promise.all(apiHandlers.map(handlerOf));
}
