// Verifying a claim (docs/decisions/027-claim-verification.md): an admin of the claim's office
// proves it by putting the verification string in a bio, which OpenPie reads: the artist's public Spotify page
// (`verify-bio`), or a social profile connected through OAuth (X, YouTube through Google, Facebook, Instagram through
// Facebook). Every attempt is recorded; one that finds the string moves the claim Pending → Verified through
// `moveClaim` (actor: verification), where it waits for staff. One that does not leaves the claim pending.
import { randomUUID } from 'node:crypto';
import type { VerificationAttempt, VerificationPlatform } from '../../contracts/claims';
import type {
  ConnectSocialPayload,
  SocialProfileReply,
  SocialVerificationPlatform,
  VerificationFailureReason,
  VerificationOutcome,
  VerificationProvider,
  VerifyBioReply,
} from '../../contracts/verification';
import {
  providerOfPlatform,
  verificationProviders,
  verificationResultPath,
} from '../../contracts/verification';
import type { StoredVerificationAttempt } from '../../data/claim-verification-attempts';
import { recordVerificationAttempt } from '../../data/claim-verification-attempts';
import type { StoredClaim } from '../../data/claims';
import { getClaim } from '../../data/claims';
import type { OfficeWithMembers } from '../../data/offices/office';
import { getOfficeWithMembers } from '../../data/offices/office';
import { countRateLimitHit } from '../../data/rate-limits';
import { listSocialProfiles, saveSocialProfile } from '../../data/social-profiles';
import { claimMessages, requireClaimAdmin } from '../../domain/claims/claim-rights';
import type { VerificationFinding } from '../../domain/claims/verification';
import {
  checkClaimVerifiable,
  checkOpenPieLink,
  checkSpotifyArtistUrl,
  containsVerificationString,
  decideVerification,
  describeVerifiedReason,
  maxVerificationAttemptsPerHour,
  spotifyArtistPageUrl,
  verificationMessages,
  verificationScopes,
} from '../../domain/claims/verification';
import { AppError } from '../../domain/errors';
import { buildClearedStateCookie, openState } from '../../integrations/oauth';
import type { Logger } from '../../runtime/logger';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import { getTable } from '../../runtime/table';
import { getOAuthConfig } from '../oauth-ports';
import type { ProviderCallback } from '../social-sign-in/state-cookie';
import { completionOf } from '../social-sign-in/state-cookie';
import type { ClaimDependencies } from './claims';
import { moveClaim, toClaimReply } from './claims';
import type { VerificationPorts } from './verification-ports';
import { getSpotifyArtistPagesPort, getVerificationPorts } from './verification-ports';

/** What the Spotify bio check needs: no OAuth flow, so the artist-claims Lambda carries none of its code. */
export interface SpotifyBioDependencies extends ClaimDependencies {
  ports: Pick<VerificationPorts, 'spotifyArtistPages'>;
}

export interface VerificationDependencies extends SpotifyBioDependencies {
  /** Where the browser comes back to (the OAuth callbacks) and lands (the result pages). */
  siteOrigin: string | undefined;
  ports: VerificationPorts;
  /** The OAuth state cookie's secret, to learn the platform of a callback that failed before it was opened. */
  stateSecret(): Promise<string>;
}

/** The deployment's table, clock and Spotify page reader (`verify-bio`). */
export function spotifyBioDependencies(): SpotifyBioDependencies {
  return { table: getTable(), clock: getClock(), ports: { spotifyArtistPages: getSpotifyArtistPagesPort } };
}

/** The deployment's table, clock, site and ports (the social verification routes). */
export function verificationDependencies(): VerificationDependencies {
  return {
    table: getTable(),
    clock: getClock(),
    siteOrigin: getEnv().SITE_ORIGIN,
    ports: getVerificationPorts(),
    stateSecret: async () => (await getOAuthConfig()).stateSecret,
  };
}

/** An attempt as the office sees it (who asked stays with staff). */
export function toAttemptReply(attempt: StoredVerificationAttempt): VerificationAttempt {
  return {
    method: attempt.method,
    platform: attempt.platform,
    checked: attempt.checked,
    found: attempt.found,
    detail: attempt.detail,
    at: attempt.at,
  };
}

/** The claim and its office for an admin of that office: 404 for a stranger or a missing claim, 403 for others. */
async function readClaimForAdmin(
  deps: ClaimDependencies,
  userId: string,
  claimId: string,
): Promise<{ claim: StoredClaim; office: OfficeWithMembers }> {
  const claim = await getClaim(deps.table, claimId);
  const office = claim ? await getOfficeWithMembers(deps.table, claim.officeId) : null;
  if (!claim || !office) throw new AppError('not_found', claimMessages.notFound);
  requireClaimAdmin(office.members, userId, 'claim');
  return { claim, office };
}

/** Counts one attempt against the claim's hourly allowance; 429 past it. */
async function countAttempt(deps: ClaimDependencies, claimId: string): Promise<void> {
  const hour = 3600;
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const windowStartSeconds = nowSeconds - (nowSeconds % hour);
  const outcome = await countRateLimitHit(deps.table, {
    counter: `claim-verification#${claimId}`,
    windowStartSeconds,
    windowEndSeconds: windowStartSeconds + hour,
    limit: maxVerificationAttemptsPerHour,
  });
  if (outcome === 'limited') {
    throw new AppError('rate_limited', verificationMessages.tooManyAttempts, {
      retryAfterSeconds: windowStartSeconds + hour - nowSeconds,
    });
  }
}

/**
 * Records the attempt and, when it found the string, moves the claim to Verified. Two attempts that both find it at
 * once: the second's move loses the race on the claim's status and answers the claim as the first left it.
 */
async function settleAttempt(
  deps: ClaimDependencies,
  claim: StoredClaim,
  platform: VerificationPlatform,
  finding: VerificationFinding,
  userId: string,
): Promise<{ attempt: StoredVerificationAttempt; claim: StoredClaim }> {
  const attempt: StoredVerificationAttempt = {
    id: randomUUID(),
    claimId: claim.id,
    method: platform === 'spotify' ? 'spotify-bio' : 'social-bio',
    platform,
    checked: finding.checked,
    found: finding.found,
    detail: finding.detail,
    at: deps.clock.now().toISOString(),
    byKind: 'office',
    byId: userId,
  };
  await recordVerificationAttempt(deps.table, attempt);
  if (!finding.found) return { attempt, claim };
  try {
    const moved = await moveClaim(
      deps,
      claim,
      'Verified',
      { kind: 'verification', id: attempt.id },
      describeVerifiedReason(platform, finding),
    );
    return { attempt, claim: moved };
  } catch (error) {
    const now = await getClaim(deps.table, claim.id);
    if (now && now.status !== 'Pending') return { attempt, claim: now };
    throw error;
  }
}

/**
 * `POST claims/{id}/verify-bio`: `spotifyArtistUrl` must be the claim's artist's page and `openPieLink` must carry
 * the verification string (422 otherwise); the artist's public Spotify page is read and searched for the string.
 */
export async function verifySpotifyBio(
  deps: SpotifyBioDependencies,
  userId: string,
  claimId: string,
  payload: { spotifyArtistUrl: string; openPieLink: string },
): Promise<VerifyBioReply> {
  const { claim } = await readClaimForAdmin(deps, userId, claimId);
  checkClaimVerifiable(claim.status);
  checkSpotifyArtistUrl(payload.spotifyArtistUrl, claim.artistId);
  checkOpenPieLink(payload.openPieLink, claim.verificationString);
  await countAttempt(deps, claim.id);
  const reader = await deps.ports.spotifyArtistPages();
  const page = await reader.readArtistPage(claim.artistId);
  const publicUrl = spotifyArtistPageUrl(claim.artistId);
  const finding: VerificationFinding = !page
    ? {
        found: false,
        checked: publicUrl,
        detail: `Spotify has no artist page at ${publicUrl}.`,
      }
    : page.texts.some((text) => containsVerificationString(text, claim.verificationString))
      ? {
          found: true,
          checked: publicUrl,
          detail: `Found your OpenPie link with ${claim.verificationString} in the artist bio on ${publicUrl}.`,
        }
      : {
          found: false,
          checked: publicUrl,
          detail: `${claim.verificationString} is not in the artist bio on ${publicUrl}. Add ${payload.openPieLink.trim()} to the bio on Spotify, wait until the page shows it, then check again.`,
        };
  const settled = await settleAttempt(deps, claim, 'spotify', finding, userId);
  return {
    found: finding.found,
    attempt: toAttemptReply(settled.attempt),
    claim: toClaimReply(settled.claim),
  };
}

/** Where each provider sends the browser back after a verification connection (registered with the provider). */
export function verificationCallbackUri(
  deps: Pick<VerificationDependencies, 'siteOrigin'>,
  provider: VerificationProvider,
): string {
  if (!deps.siteOrigin)
    throw new Error('SITE_ORIGIN is not configured: verification cannot build its addresses.');
  return `${deps.siteOrigin.replace(/\/+$/, '')}/api/for-artists/artist/socials/callback/${provider}`;
}

/**
 * `POST artist/socials/connect`: where to send the browser to connect a profile of `platform` for the claim, with
 * the scopes that read its bio. The claim and the platform travel sealed in the state cookie.
 */
export async function beginSocialVerification(
  deps: VerificationDependencies,
  userId: string,
  payload: ConnectSocialPayload,
): Promise<{ authorizeUrl: string; stateCookie: string }> {
  const { claim } = await readClaimForAdmin(deps, userId, payload.claimId);
  checkClaimVerifiable(claim.status);
  const provider = providerOfPlatform[payload.platform];
  const signIn = await deps.ports.socialSignIn();
  return signIn.beginSignIn(provider, {
    redirectUri: verificationCallbackUri(deps, provider),
    intent: {
      kind: 'artist',
      linkToUserId: userId,
      verification: { claimId: claim.id, platform: payload.platform },
    },
    now: deps.clock.now(),
    scopes: verificationScopes[payload.platform],
  });
}

/** A verification connection refused by our own rules, with the reason the result page shows. */
class VerificationRefused extends Error {
  constructor(
    readonly reason: VerificationFailureReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'VerificationRefused';
  }
}

export interface VerificationCallbackResult {
  /** The result page (absolute), with `claimId` and, when failed, `reason`. */
  location: string;
  /** Clears the OAuth state cookie. */
  stateCookie: string;
}

/** Why a callback failed, for the result page. */
function reasonOfFailure(error: unknown): VerificationFailureReason {
  if (error instanceof VerificationRefused) return error.reason;
  if (error instanceof AppError) {
    if (error.code === 'social_sign_in_cancelled') return 'cancelled';
    if (error.code === 'social_sign_in_state_invalid') {
      return error.message.includes('took too long') ? 'expired' : 'invalid_state';
    }
    if (error.code === 'social_provider_unavailable' || error.code === 'social_provider_not_configured') {
      return 'unavailable';
    }
    if (error.kind === 'rate_limited') return 'rate_limited';
    if (error.code === 'claim_not_verifiable') return 'not_pending';
  }
  return 'failed';
}

/** The platform a callback speaks of: from the sealed state when it opens, else the provider's own. */
async function platformOfCallback(
  deps: VerificationDependencies,
  provider: VerificationProvider,
  stateCookie: string | undefined,
): Promise<{ platform: SocialVerificationPlatform; claimId: string | undefined }> {
  const fallback: SocialVerificationPlatform = provider === 'google' ? 'youtube' : provider;
  try {
    const opened = await openState(stateCookie, { secret: await deps.stateSecret(), now: deps.clock.now() });
    const verification = opened.ok ? opened.contents.intent.verification : undefined;
    if (verification && providerOfPlatform[verification.platform] === provider) {
      return { platform: verification.platform, claimId: verification.claimId };
    }
  } catch {
    // The result page still names the provider's platform.
  }
  return { platform: fallback, claimId: undefined };
}

/**
 * `GET artist/socials/callback/{provider}`: completes the OAuth flow, reads the connected profiles' bios through the
 * platform's API, keeps them for `socials/fetch`, records the attempt, moves the claim when the string is there, and
 * sends the browser to `/for-artists/verify/<platform>/success|failed`. Never answers JSON: every failure lands on
 * the failed page with its reason.
 */
export async function completeSocialVerification(
  deps: VerificationDependencies,
  providerName: string,
  callback: ProviderCallback,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<VerificationCallbackResult> {
  const provider = verificationProviders.find((name) => name === providerName);
  if (!provider) throw new AppError('not_found', 'There is no such verification callback.');
  const stateCookie = buildClearedStateCookie(verificationCallbackUri(deps, provider));
  const sealed = await platformOfCallback(deps, provider, callback.stateCookie);
  const resultUrl = (outcome: VerificationOutcome, claimId: string | undefined, reason?: string) => {
    const query = new URLSearchParams();
    if (claimId) query.set('claimId', claimId);
    if (reason) query.set('reason', reason);
    const origin = (deps.siteOrigin ?? '').replace(/\/+$/, '');
    return `${origin}${verificationResultPath(sealed.platform, outcome)}${query.size > 0 ? `?${query.toString()}` : ''}`;
  };
  try {
    const signIn = await deps.ports.socialSignIn();
    const identity = await signIn.completeSignIn(
      provider,
      completionOf(callback, verificationCallbackUri(deps, provider), deps.clock.now()),
    );
    const { intent } = identity;
    const verification = intent.verification;
    if (intent.kind !== 'artist' || !intent.linkToUserId || !verification) {
      throw new VerificationRefused('invalid_state', 'an attempt of another kind came back here');
    }
    if (providerOfPlatform[verification.platform] !== provider) {
      throw new VerificationRefused('invalid_state', 'the platform does not match the provider');
    }
    const userId = intent.linkToUserId;
    // The rights again: the person may have left the office while they were at the provider.
    const { claim } = await readClaimForAdmin(deps, userId, verification.claimId);
    checkClaimVerifiable(claim.status);
    await countAttempt(deps, claim.id);
    const reader = await deps.ports.socialProfiles();
    const profiles = await reader.readProfiles(verification.platform, identity.tokens.accessToken);
    const readAt = deps.clock.now().toISOString();
    for (const profile of profiles) {
      await saveSocialProfile(deps.table, userId, {
        platform: profile.platform,
        profileId: profile.profileId,
        handle: profile.handle,
        url: profile.url,
        bio: profile.bio,
        readAt,
      });
    }
    const finding = decideVerification(
      verification.platform,
      profiles.map((profile) => ({
        where: profile.url ?? profile.handle ?? profile.profileId,
        bio: profile.bio,
      })),
      claim.verificationString,
    );
    await settleAttempt(deps, claim, verification.platform, finding, userId);
    log.info('claim verification read', {
      claimId: claim.id,
      platform: verification.platform,
      found: finding.found,
      profiles: profiles.length,
    });
    if (finding.found) return { location: resultUrl('success', claim.id), stateCookie };
    return {
      location: resultUrl('failed', claim.id, profiles.length === 0 ? 'no_profile' : 'not_found'),
      stateCookie,
    };
  } catch (error) {
    const reason = reasonOfFailure(error);
    log.warn('claim verification failed', {
      provider,
      reason,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    return { location: resultUrl('failed', sealed.claimId, reason), stateCookie };
  }
}

/** `POST …/artist/socials/fetch`: the profiles the caller connected for verification, with the bios read then. */
export async function fetchSocialProfiles(
  deps: Pick<VerificationDependencies, 'table'>,
  userId: string,
): Promise<SocialProfileReply[]> {
  const profiles = await listSocialProfiles(deps.table, userId);
  return profiles.sort((a, b) => a.platform.localeCompare(b.platform) || b.readAt.localeCompare(a.readAt));
}
