// Verifying a claim (decision 027) in the local runtime, driven as a browser would: the Spotify
// bio check reads the Spotify sandbox's public artist page, and the social checks go through the OAuth sandbox's
// consent page, the provider's redirect to our callback and our redirect to the result page. Bios are set on the
// sandbox page /_sandbox/oauth/bios, as a developer clicking through offline sets them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimDetailReply, ClaimReply } from '../../functions/contracts/claims';
import type { SocialProfileReply, VerifyBioReply } from '../../functions/contracts/verification';
import { givenArtist } from '../support/factories/catalogue';
import type { ClaimProof } from '../support/factories/claims';
import { claimRequest } from '../support/factories/claims';
import { createSignedInAccount, uniqueEmail } from '../support/identity';
import { answerConsent } from '../support/oauth-consent';
import { SiteBrowser, useLocalOpenPie } from '../support/local-app';

const site = useLocalOpenPie('claim-verification');

interface Claimant {
  browser: SiteBrowser;
  userId: string;
  claim: ClaimReply;
  artistId: string;
}

async function readData<T>(reply: Response): Promise<T> {
  return ((await reply.json()) as { data: T }).data;
}

/** A new artist-side user whose personal office claims a new catalogue artist on `platform`. */
async function givenPendingClaim(platform: ClaimProof = 'spotify'): Promise<Claimant> {
  const { id: artistId } = await givenArtist();
  const person = await createSignedInAccount('artist');
  const browser = new SiteBrowser(site, person.cookie);
  const created = await browser.fetch('/api/for-artists/claims', {
    method: 'POST',
    body: claimRequest(artistId, undefined, platform),
  });
  expect(created.status).toBe(201);
  return { browser, userId: person.userId, claim: await readData<ClaimReply>(created), artistId };
}

async function setBio(fields: Record<string, string>): Promise<void> {
  const reply = await fetch(`${site.url}/_sandbox/oauth/bios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

function verifyBio(claimant: Claimant, body: { spotifyArtistUrl: string; openPieLink: string }) {
  return claimant.browser.fetch(`/api/for-artists/claims/${claimant.claim._id}/verify-bio`, {
    method: 'POST',
    body,
  });
}

function spotifyPayload(claimant: Claimant) {
  return {
    spotifyArtistUrl: `https://open.spotify.com/artist/${claimant.artistId}?si=abc123`,
    openPieLink: `https://openpie.example/a/${claimant.claim.verificationString}`,
  };
}

async function readDetail(claimant: Claimant): Promise<ClaimDetailReply> {
  const reply = await claimant.browser.fetch(`/api/for-artists/claims/${claimant.claim._id}/detailed`);
  expect(reply.status).toBe(200);
  return readData<ClaimDetailReply>(reply);
}

describe('POST /api/for-artists/claims/{id}/verify-bio', () => {
  it('records a miss and keeps the claim pending, then verifies it once the Spotify bio carries the link', async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    const payload = spotifyPayload(claimant);
    await setBio({ kind: 'spotify', artistId: claimant.artistId, bio: 'Touring Europe this spring.' });
    // Act
    const missed = await verifyBio(claimant, payload);
    await setBio({
      kind: 'spotify',
      artistId: claimant.artistId,
      bio: `Support us on OpenPie: ${payload.openPieLink}`,
    });
    const found = await verifyBio(claimant, payload);
    const detail = await readDetail(claimant);
    // Assess
    expect(missed.status).toBe(200);
    const missedReply = await readData<VerifyBioReply>(missed);
    expect(missedReply.found).toBe(false);
    expect(missedReply.claim.status).toBe('Pending');
    expect(missedReply.attempt).toMatchObject({
      method: 'spotify-bio',
      platform: 'spotify',
      checked: `https://open.spotify.com/artist/${claimant.artistId}`,
      found: false,
    });
    expect(missedReply.attempt.detail).toContain(
      `${claimant.claim.verificationString} is not in the artist bio`,
    );
    expect(missedReply.attempt.detail).toContain(payload.openPieLink);
    expect(found.status).toBe(200);
    const foundReply = await readData<VerifyBioReply>(found);
    expect(foundReply).toMatchObject({ found: true, claim: { status: 'Verified' } });
    expect(detail.status).toBe('Verified');
    expect(detail.verificationAttempts.map((attempt) => attempt.found)).toEqual([false, true]);
    expect(detail.statusHistory.at(-1)).toMatchObject({ from: 'Pending', to: 'Verified' });
    expect(detail.statusHistory.at(-1)?.reason).toContain('Spotify bio');
  });

  it("refuses another artist's Spotify page and a link without the string with field messages (422)", async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    const payload = spotifyPayload(claimant);
    // Act
    const otherArtist = await verifyBio(claimant, {
      ...payload,
      spotifyArtistUrl: 'https://open.spotify.com/artist/0000000000000000000000',
    });
    const otherHost = await verifyBio(claimant, {
      ...payload,
      spotifyArtistUrl: `https://spotify.example/artist/${claimant.artistId}`,
    });
    const noString = await verifyBio(claimant, {
      ...payload,
      openPieLink: 'https://openpie.example/a/nothing',
    });
    const detail = await readDetail(claimant);
    // Assess
    expect(otherArtist.status).toBe(422);
    expect(
      ((await otherArtist.json()) as { fields: Record<string, string> }).fields.spotifyArtistUrl,
    ).toContain(claimant.artistId);
    expect(otherHost.status).toBe(422);
    expect(noString.status).toBe(422);
    expect(((await noString.json()) as { fields: Record<string, string> }).fields.openPieLink).toContain(
      claimant.claim.verificationString,
    );
    expect(detail.verificationAttempts).toEqual([]);
  });

  it('answers 404 to someone outside the office and 409 once the claim is verified', async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    const payload = spotifyPayload(claimant);
    const stranger = new SiteBrowser(site, (await createSignedInAccount('artist')).cookie);
    await setBio({ kind: 'spotify', artistId: claimant.artistId, bio: payload.openPieLink });
    // Act
    const fromStranger = await stranger.fetch(`/api/for-artists/claims/${claimant.claim._id}/verify-bio`, {
      method: 'POST',
      body: payload,
    });
    const first = await verifyBio(claimant, payload);
    const again = await verifyBio(claimant, payload);
    // Assess
    expect(fromStranger.status).toBe(404);
    expect(first.status).toBe(200);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('claim_not_verifiable');
  });

  it('allows ten attempts an hour per claim and answers 429 with Retry-After after that', async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    const payload = spotifyPayload(claimant);
    // Act
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      statuses.push((await verifyBio(claimant, payload)).status);
    const limited = await verifyBio(claimant, payload);
    const detail = await readDetail(claimant);
    // Assess
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(detail.verificationAttempts).toHaveLength(10);
  });

  it('moves the claim once when two checks find the string at the same time', async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    const payload = spotifyPayload(claimant);
    await setBio({ kind: 'spotify', artistId: claimant.artistId, bio: payload.openPieLink });
    // Act
    const replies = await Promise.all([verifyBio(claimant, payload), verifyBio(claimant, payload)]);
    const detail = await readDetail(claimant);
    // Assess
    const statuses = replies.map((reply) => reply.status).sort();
    // Both read the page; the slower one either still sees it pending (200, Verified by the first) or not (409).
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(detail.status).toBe('Verified');
    expect(detail.statusHistory.filter((change) => change.to === 'Verified')).toHaveLength(1);
  });
});

/** Connect for verification, answer the sandbox's consent as `email`, and follow the provider back to our callback. */
async function connectAndReturn(
  claimant: Claimant,
  platform: 'twitter' | 'youtube' | 'facebook' | 'instagram',
  email: string,
  decision: 'approve' | 'cancel' = 'approve',
): Promise<{ authorizeUrl: URL; resultUrl: URL }> {
  const started = await claimant.browser.fetch('/api/for-artists/artist/socials/connect', {
    method: 'POST',
    body: { claimId: claimant.claim._id, platform },
  });
  expect(started.status).toBe(200);
  const authorizeUrl = new URL((await readData<{ authorizeUrl: string }>(started)).authorizeUrl);
  const consent = await answerConsent(authorizeUrl.href, { identity: 'custom', email, decision });
  expect(consent.status).toBe(303);
  const back = await claimant.browser.fetch(consent.location!.href);
  expect(back.status).toBe(302);
  return { authorizeUrl, resultUrl: new URL(back.headers.get('location') ?? '') };
}

describe('social verification through OAuth', () => {
  it('lands on the failed page when the X bio lacks the string, then on the success page once it has it', async () => {
    // Prepare
    const claimant = await givenPendingClaim('twitter');
    const email = uniqueEmail('x-artist');
    // Act
    const miss = await connectAndReturn(claimant, 'twitter', email);
    await setBio({
      kind: 'social',
      platform: 'twitter',
      email,
      bio: `New single out! ${claimant.claim.verificationString}`,
    });
    const hit = await connectAndReturn(claimant, 'twitter', email);
    const detail = await readDetail(claimant);
    const socials = await claimant.browser.fetch('/api/for-artists/artist/socials/fetch', { method: 'POST' });
    // Assess
    expect(miss.authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${site.url}/api/for-artists/artist/socials/callback/twitter`,
    );
    expect(miss.authorizeUrl.searchParams.get('scope')).toBe('users.read tweet.read');
    expect(`${miss.resultUrl.origin}${miss.resultUrl.pathname}`).toBe(
      `${site.url}/for-artists/verify/twitter/failed`,
    );
    expect(miss.resultUrl.searchParams.get('claimId')).toBe(claimant.claim._id);
    expect(miss.resultUrl.searchParams.get('reason')).toBe('not_found');
    expect(hit.resultUrl.pathname).toBe('/for-artists/verify/twitter/success');
    expect(claimant.browser.has('openpie_oauth_state')).toBe(false);
    expect(detail.status).toBe('Verified');
    expect(detail.verificationAttempts.map(({ platform, found }) => ({ platform, found }))).toEqual([
      { platform: 'twitter', found: false },
      { platform: 'twitter', found: true },
    ]);
    expect(detail.verificationAttempts[0]?.detail).toContain('(empty bio)');
    expect(socials.status).toBe(200);
    const profiles = await readData<SocialProfileReply[]>(socials);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      platform: 'twitter',
      bio: `New single out! ${claimant.claim.verificationString}`,
    });
    expect(profiles[0]?.url).toMatch(/^https:\/\/x\.com\//);
  });

  it('reads a YouTube channel through Google and an Instagram account through Facebook', async () => {
    // Prepare
    const onYouTube = await givenPendingClaim('youtube');
    const onInstagram = await givenPendingClaim('instagram');
    const email = uniqueEmail('channel-owner');
    await setBio({
      kind: 'social',
      platform: 'youtube',
      email,
      bio: `Official channel. ${onYouTube.claim.verificationString}`,
    });
    await setBio({ kind: 'social', platform: 'instagram', email, bio: onInstagram.claim.verificationString });
    // Act
    const youtube = await connectAndReturn(onYouTube, 'youtube', email);
    const instagram = await connectAndReturn(onInstagram, 'instagram', email);
    // Assess
    expect(youtube.authorizeUrl.pathname).toContain('/_sandbox/oauth/google/');
    expect(youtube.authorizeUrl.searchParams.get('scope')).toContain('youtube.readonly');
    expect(youtube.resultUrl.pathname).toBe('/for-artists/verify/youtube/success');
    expect(instagram.authorizeUrl.pathname).toContain('/_sandbox/oauth/facebook/');
    expect(instagram.resultUrl.pathname).toBe('/for-artists/verify/instagram/success');
    expect((await readDetail(onYouTube)).status).toBe('Verified');
    expect((await readDetail(onInstagram)).status).toBe('Verified');
  });

  it('does not take the Facebook Page bio for the Instagram one', async () => {
    // Prepare
    const claimant = await givenPendingClaim('instagram');
    const email = uniqueEmail('page-owner');
    await setBio({ kind: 'social', platform: 'facebook', email, bio: claimant.claim.verificationString });
    // Act
    const { resultUrl } = await connectAndReturn(claimant, 'instagram', email);
    // Assess
    expect(resultUrl.pathname).toBe('/for-artists/verify/instagram/failed');
    expect(resultUrl.searchParams.get('reason')).toBe('not_found');
    expect((await readDetail(claimant)).status).toBe('Pending');
  });

  it('lands on the failed page with the reason when the person cancels at the provider, recording no attempt', async () => {
    // Prepare
    const claimant = await givenPendingClaim('facebook');
    // Act
    const { resultUrl } = await connectAndReturn(claimant, 'facebook', uniqueEmail('cancels'), 'cancel');
    const detail = await readDetail(claimant);
    // Assess
    expect(resultUrl.pathname).toBe('/for-artists/verify/facebook/failed');
    expect(resultUrl.searchParams.get('reason')).toBe('cancelled');
    expect(resultUrl.searchParams.get('claimId')).toBe(claimant.claim._id);
    expect(detail.verificationAttempts).toEqual([]);
    expect(detail.status).toBe('Pending');
  });

  it("refuses to start a connection for another office's claim (404) and a platform it does not know (422)", async () => {
    // Prepare
    const claimant = await givenPendingClaim('twitter');
    const stranger = new SiteBrowser(site, (await createSignedInAccount('artist')).cookie);
    // Act
    const fromStranger = await stranger.fetch('/api/for-artists/artist/socials/connect', {
      method: 'POST',
      body: { claimId: claimant.claim._id, platform: 'twitter' },
    });
    const unknownPlatform = await claimant.browser.fetch('/api/for-artists/artist/socials/connect', {
      method: 'POST',
      body: { claimId: claimant.claim._id, platform: 'myspace' },
    });
    const unknownCallback = await claimant.browser.fetch('/api/for-artists/artist/socials/callback/myspace');
    // Assess
    expect(fromStranger.status).toBe(404);
    expect(unknownPlatform.status).toBe(422);
    expect(unknownCallback.status).toBe(404);
  });
});

describe('the Spotify bio check of an artist Spotify does not know', () => {
  it('records that Spotify has no page for the artist', async () => {
    // Prepare
    const claimant = await givenPendingClaim('spotify');
    // Act
    const reply = await verifyBio(claimant, spotifyPayload(claimant));
    // Assess
    expect(reply.status).toBe(200);
    const body = await readData<VerifyBioReply>(reply);
    expect(body.found).toBe(false);
    expect(body.attempt.detail).toBe(
      `Spotify has no artist page at https://open.spotify.com/artist/${claimant.artistId}.`,
    );
  });
});

describe('the sandbox bio page', () => {
  it('shows a form to set a bio and serves the Spotify artist page with it', async () => {
    // Prepare
    const artistId = randomUUID().replace(/-/g, '').slice(0, 22);
    // Act
    const saved = await fetch(`${site.url}/_sandbox/oauth/bios`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ kind: 'spotify', artistId, bio: 'Hello <b>fans</b>' }).toString(),
      redirect: 'manual',
    });
    const form = await fetch(`${site.url}${saved.headers.get('location') ?? ''}`);
    const artistPage = await fetch(`${site.url}/_sandbox/oauth/spotify/artist/${artistId}`);
    const unknown = await fetch(`${site.url}/_sandbox/oauth/spotify/artist/${artistId}x`);
    // Assess
    expect(saved.status).toBe(303);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('Sandbox bios');
    expect(formHtml).toContain('Saved. Go back to OpenPie and check again.');
    expect(artistPage.status).toBe(200);
    expect(await artistPage.text()).toContain('Hello &lt;b&gt;fans&lt;/b&gt;');
    expect(unknown.status).toBe(404);
  });

  it('refuses an X bio longer than X allows', async () => {
    // Prepare
    const email = uniqueEmail('long-bio');
    // Act
    const reply = await fetch(`${site.url}/_sandbox/oauth/bios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'social', platform: 'twitter', email, bio: 'x'.repeat(161) }),
    });
    // Assess
    expect(reply.status).toBe(422);
  });
});
