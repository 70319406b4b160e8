// The failures the rules raise, as the request edge tells them from bugs (handlers import services, not domain/).
import { accountTypes } from '../domain/money/ledger';

export { AppError, isAppError } from '../domain/errors';

const internalAccountPattern = new RegExp(`(^|[^a-z-])(${accountTypes.join('|')}):\\S`);

/**
 * Whether a text names one of the ledger's own accounts (`office-payable:<office id>`, `fan-wallet:<fan id>`): words
 * of the bookkeeping, which a person reading a failure must never see (decision 044).
 */
export function namesInternalAccount(text: string): boolean {
  return internalAccountPattern.test(text);
}
