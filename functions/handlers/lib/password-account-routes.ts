// The e-mail and password calls fans and artist-side users share (SPEC §7): register, login, logout, the verify and
// reset links, forgot-password and account deletion. Each area's resource lists them under its own base path, with
// its own contracts (contracts/api/fan-auth.ts, artist-auth.ts).
import type { LoginPayload, RegisterPayload } from '../../contracts/auth';
import type { Principal } from './auth';
import { buildClearedSessionCookie, buildSessionCookie, readSessionToken } from '../../services/cookies';
import { created, ok } from './http';
import type { UserReplyBuilder } from '../../services/identity/account-replies';
import { readConnections } from '../../services/identity/accounts';
import { identityDependencies } from '../../services/identity/dependencies';
import type { ErasureCompanions } from '../../services/identity/deletion';
import { deleteAccount } from '../../services/identity/deletion';
import { resendVerificationEmail, verifyEmailWithLink } from '../../services/identity/email-verification';
import { loginWithPassword } from '../../services/identity/login';
import { requestPasswordReset, resetPasswordWithLink } from '../../services/identity/password-reset';
import { registerWithPassword } from '../../services/identity/registration';
import { identityRequestOf } from './identity-request';
import type { RequestContext } from './resource';
import { endSession } from '../../services/sessions';

/** The input of a call only a signed-in user reaches (the manifest's role says so; the types carry it). */
type SignedIn = Omit<RequestContext, 'principal'> & { principal: Principal };

export interface PasswordAccountArea<User> {
  kind: 'fan' | 'artist';
  /** The signed-in user as the area's login answers it. */
  toUser: UserReplyBuilder<User>;
  /** What the area erases with an account, in the same transaction (the artist area: office memberships). */
  erasureCompanions?: ErasureCompanions;
}

/** The handlers of the shared calls, for an area's route table. */
export function passwordAccountHandlers<User>({
  kind,
  toUser,
  erasureCompanions,
}: PasswordAccountArea<User>) {
  return {
    register: async (input: RequestContext & { body: RegisterPayload }) =>
      created(await registerWithPassword(identityDependencies(), kind, input.body, identityRequestOf(input))),
    login: async (input: RequestContext & { body: LoginPayload }) => {
      const deps = identityDependencies();
      const { account, session } = await loginWithPassword(deps, kind, input.body, identityRequestOf(input));
      const connections = await readConnections(deps, kind, account.id);
      return ok(toUser(account, connections), { cookies: [buildSessionCookie(input.env, session)] });
    },
    logout: async ({ event, env }: RequestContext) => {
      await endSession(identityDependencies(), kind, readSessionToken(kind, event));
      return ok({ message: 'You are logged out.' }, { cookies: [buildClearedSessionCookie(env, kind)] });
    },
    verifyEmail: async ({ params }: { params: { token: string } }) =>
      ok(await verifyEmailWithLink(identityDependencies(), kind, params.token)),
    resendVerification: async (input: SignedIn) =>
      ok(
        await resendVerificationEmail(
          identityDependencies(),
          kind,
          input.principal.userId,
          identityRequestOf(input),
        ),
      ),
    forgotPassword: async (input: RequestContext & { body: { email: string } }) =>
      ok(
        await requestPasswordReset(identityDependencies(), kind, input.body.email, identityRequestOf(input)),
      ),
    resetPassword: async ({ params, body }: { params: { token: string }; body: { password: string } }) =>
      ok(await resetPasswordWithLink(identityDependencies(), kind, params.token, body.password)),
    deleteAccount: async (input: SignedIn) => {
      const userId = input.principal.userId;
      const reply = await deleteAccount(
        identityDependencies(),
        kind,
        userId,
        identityRequestOf(input),
        erasureCompanions,
      );
      return ok(reply, { cookies: [buildClearedSessionCookie(input.env, kind)] });
    },
  };
}
