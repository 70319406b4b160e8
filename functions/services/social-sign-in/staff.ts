// Staff sign in with a Google account of the staff domain (decision 006): a verified Google identity whose address is
// a staff account's signs in as that account; staff accounts come only from `npm run admin:create`.
import type { StaffCallbackPayload } from '../../contracts/social-sign-in';
import { findAccountByEmail } from '../../data/accounts';
import { AppError } from '../../domain/errors';
import type { Account } from '../../domain/identity/account';
import { isActiveAccount } from '../../domain/identity/account';
import {
  assertStaffIdentity,
  buildClearedStateCookie,
  SocialSignInStateInvalid,
} from '../../integrations/oauth';
import type { RequestContext } from '../identity/dependencies';
import type { StartedSession } from '../sessions';
import { startSession } from '../sessions';
import type { SocialSignInDependencies } from './dependencies';
import { siteUrl } from './dependencies';
import type { BrowserOutcome } from './outcomes';
import { describeError, reasonOf } from './outcomes';

/** Staff come back to an SPA page, which posts what it received to POST /api/admin/auth/google/callback. */
export function staffCallbackUri(deps: { siteOrigin: string | undefined }): string {
  return siteUrl(deps, '/admin/auth/google/callback');
}

/** GET /api/admin/auth/loginGoogle: to Google for staff; a failure returns to the staff login page. */
export async function beginStaffSignIn(
  deps: SocialSignInDependencies,
  request: Pick<RequestContext, 'log'>,
): Promise<BrowserOutcome> {
  try {
    const signIn = await deps.socialSignIn();
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn('google', {
      redirectUri: staffCallbackUri(deps),
      intent: { kind: 'staff' },
      now: deps.clock.now(),
    });
    return { status: 'to-provider', authorizeUrl, stateCookie };
  } catch (error) {
    const reason = reasonOf(error);
    request.log.warn('staff sign-in not started', { reason, error: describeError(error) });
    return { status: 'failed', page: '/admin', provider: 'google', reason };
  }
}

/**
 * POST /api/admin/auth/google/callback: failures are errors (the SPA page shows their replies), and the state
 * cookie then simply expires; success clears it.
 */
export async function completeStaffSignIn(
  deps: SocialSignInDependencies,
  payload: StaffCallbackPayload & { stateCookie: string | undefined },
  request: Pick<RequestContext, 'log'>,
): Promise<{ account: Account & { email: string }; session: StartedSession; stateCookie: string }> {
  const signIn = await deps.socialSignIn();
  const identity = await signIn.completeSignIn('google', {
    code: payload.code,
    state: payload.state,
    error: payload.error,
    stateCookie: payload.stateCookie,
    redirectUri: staffCallbackUri(deps),
    now: deps.clock.now(),
  });
  if (identity.intent.kind !== 'staff') throw new SocialSignInStateInvalid('google', 'redirect_mismatch');
  const email = assertStaffIdentity(identity, (await deps.oauthConfig()).staffEmailDomain);
  const account = await findAccountByEmail(deps.table, 'admin', email);
  if (!isActiveAccount(account)) {
    request.log.warn('staff sign-in refused: no staff account', {
      domain: email.slice(email.indexOf('@') + 1),
    });
    throw new AppError('forbidden', 'This Google account has no OpenPie staff account.', {
      code: 'not_staff',
    });
  }
  const session = await startSession(deps, 'admin', account.id);
  request.log.info('staff signed in with Google', { userId: account.id });
  return { account, session, stateCookie: buildClearedStateCookie(staffCallbackUri(deps)) };
}
