// The fan-profile screens: the settings sections (username, visibility, beta), another fan's profile by
// visibility, the claim report form and the earth view's text alternative.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { makeFan, renderAt } from '../support/fan-screens';

/** A fan with no card and nothing connected, as GET /api/user answers with the profile's own fields. */
function makeProfileFan(
  profile: { username?: string | null; visibility?: 'private' | 'fans'; joined_beta_at?: string | null } = {},
) {
  return {
    ...makeFan({ stripe_customer_id: null, connected_accounts: { spotify: false } }),
    username: null,
    visibility: 'private',
    joined_beta_at: null,
    ...profile,
  };
}

function makeProfile(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    username: 'nina.fan',
    memberSince: '2026-03-04T10:00:00.000Z',
    visibility: 'fans',
    isSelf: false,
    period: { startDate: '2026-10-24', endDate: '2026-11-22' },
    plays: 3,
    msPlayed: 720_000,
    topArtists: [
      { artistId: 'nina1', artistName: 'Nina Simone', plays: 2, msPlayed: 540_000, share: 0.75 },
      { artistName: 'Radiohead', plays: 1, msPlayed: 180_000, share: 0.25 },
    ],
    recentDays: [{ date: '2026-11-21', plays: 3, msPlayed: 720_000 }],
    ...overrides,
  };
}

/** The first render loads the lazy route modules, which can take longer than findBy's default second. */
const slow = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the username section of the settings', () => {
  // The first render of the file loads the lazy route modules, which takes a while on a busy machine.
  it(
    'shows the rule under a touched field and sends nothing while the name is invalid',
    { timeout: 15_000 },
    async () => {
      // Prepare
      const api = stubApi({ 'GET /api/user': succeed(makeProfileFan()) });
      renderAt('/settings');
      const field = await screen.findByRole('textbox', { name: 'Username' }, slow);
      // Act
      await userEvent.type(field, 'a b');
      await userEvent.tab();
      await userEvent.click(screen.getByRole('button', { name: 'Save username' }));
      // Assess
      expect(await screen.findByText('Use only letters (a-z), digits, _ and .')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(api.sentTo('PUT /api/user/username')).toEqual([]);
    },
  );

  it('does not show an error before the field is touched', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeProfileFan()) });
    // Act
    renderAt('/settings');
    // Assess
    await screen.findByRole('textbox', { name: 'Username' }, slow);
    expect(document.querySelectorAll('.field__error')).toHaveLength(0);
  });

  it('saves a valid username and says so', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/user': succeed(makeProfileFan({ username: 'old.name' })),
      'PUT /api/user/username': succeed({ username: 'new_name', visibility: 'private', joinedBetaAt: null }),
    });
    renderAt('/settings');
    const field = await screen.findByRole('textbox', { name: 'Username' }, slow);
    // Act
    await userEvent.clear(field);
    await userEvent.type(field, 'new_name');
    await userEvent.click(screen.getByRole('button', { name: 'Save username' }));
    // Assess
    expect(await screen.findByText('Saved. Your username is now new_name.')).toBeTruthy();
    expect(api.sentTo('PUT /api/user/username').map((request) => request.body)).toEqual([
      { username: 'new_name' },
    ]);
  });

  it("shows the server's message under the field when another fan holds the name", async () => {
    // Prepare
    const taken = 'That username is taken. Please choose another one.';
    stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      'PUT /api/user/username': fail(409, 'username_taken', taken, { username: taken }),
    });
    renderAt('/settings');
    const field = await screen.findByRole('textbox', { name: 'Username' }, slow);
    // Act
    await userEvent.type(field, 'Nina');
    await userEvent.click(screen.getByRole('button', { name: 'Save username' }));
    // Assess
    const error = await screen.findByText(taken);
    expect(error.className).toBe('field__error');
  });
});

describe('the visibility and beta sections of the settings', () => {
  it('starts on the saved choice and saves another one', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/user': succeed(makeProfileFan({ visibility: 'private' })),
      'PUT /api/user/visibility': succeed({ username: null, visibility: 'fans', joinedBetaAt: null }),
    });
    renderAt('/settings');
    const group = await screen.findByRole('group', { name: 'Who can see your profile' }, slow);
    const save = screen.getByRole('button', { name: 'Save visibility' });
    // Act
    const savedBefore = (within(group).getByRole('radio', { name: /Only me/ }) as HTMLInputElement).checked;
    const disabledBefore = (save as HTMLButtonElement).disabled;
    await userEvent.click(within(group).getByRole('radio', { name: /OpenPie fans/ }));
    await userEvent.click(save);
    // Assess
    expect(savedBefore).toBe(true);
    expect(disabledBefore).toBe(true);
    expect(await screen.findByText('Saved. OpenPie fans can see your profile.')).toBeTruthy();
    expect(api.sentTo('PUT /api/user/visibility').map((request) => request.body)).toEqual([
      { visibility: 'fans' },
    ]);
  });

  it('joins the beta and shows when', async () => {
    // Prepare
    stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      'POST /api/user/joinBeta': succeed({
        username: null,
        visibility: 'private',
        joinedBetaAt: '2026-11-22T03:00:00.000Z',
      }),
    });
    renderAt('/settings');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Join the beta' }, slow));
    // Assess
    expect(await screen.findByText(/You asked to join the beta on November 22, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the beta' })).toBeNull();
  });

  it('keeps the account deletion entry', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeProfileFan()) });
    // Act
    renderAt('/settings');
    // Assess
    const link = await screen.findByRole('link', { name: 'How account deletion works' }, slow);
    expect(link.getAttribute('href')).toBe('/delete-account-instructions');
  });
});

describe('another fan’s profile', () => {
  it('shows the username, member since and top artists with their share', async () => {
    // Prepare
    const other = crypto.randomUUID();
    stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      [`GET /api/user/details/${other}`]: succeed(makeProfile(other)),
    });
    // Act
    renderAt(`/user/${other}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'nina.fan' }, slow)).toBeTruthy();
    expect(screen.getByText('Member since March 4, 2026')).toBeTruthy();
    const artists = within(screen.getByRole('region', { name: 'Top artists of the last 30 days' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(artists).toEqual(['Nina Simone75% · 9 min', 'Radiohead25% · 3 min']);
  });

  it('shows a private or unknown profile as not available', async () => {
    // Prepare
    const other = crypto.randomUUID();
    stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      [`GET /api/user/details/${other}`]: fail(
        404,
        'not_found',
        'This fan profile does not exist or is private.',
      ),
    });
    // Act
    renderAt(`/user/${other}`);
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile is not available' }, slow),
    ).toBeTruthy();
  });

  it('does not ask the server about an id that is not a fan id', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/user': succeed(makeProfileFan()) });
    // Act
    renderAt('/user/e2e-user-1');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile is not available' }, slow),
    ).toBeTruthy();
    expect(api.sent.filter((request) => request.path.startsWith('/api/user/details'))).toEqual([]);
  });
});

describe('the claim report form', () => {
  it('sends the prefilled artist and the reason, then shows the thank-you panel', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      'GET /api/artists/details/artist42': succeed({
        id: 'artist42',
        name: 'The Red Covers',
        genres: [],
        spotifyUrl: 'https://open.spotify.com/artist/artist42',
        claimed: true,
        fansListeningThisMonth: 3,
      }),
      'POST /api/claims/report/artist42': succeed(
        {
          id: 'r1',
          target: { kind: 'artist', id: 'artist42' },
          status: 'open',
          createdAt: '2026-11-22T03:00:00Z',
        },
        201,
      ),
    });
    renderAt('/report?artist=artist42');
    const reason = await screen.findByLabelText(/^What looks wrong\?/, undefined, slow);
    expect((await screen.findByText(/You are reporting the claim on/)).textContent).toBe(
      'You are reporting the claim on The Red Covers.',
    );
    // Act
    await userEvent.type(reason, 'This office is not the band at all.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Assess
    expect(await screen.findByRole('heading', { name: 'Thank you, your report is in' })).toBeTruthy();
    expect(api.sentTo('POST /api/claims/report/artist42').map((request) => request.body)).toEqual([
      { reason: 'This office is not the band at all.' },
    ]);
  });

  it('sends the artist id read from a pasted Spotify link', async () => {
    // Prepare
    const artistId = '0OdUWJ0sBjDrqHygGUXeCF';
    const api = stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      [`POST /api/claims/report/${artistId}`]: succeed(
        {
          id: 'r2',
          target: { kind: 'artist', id: artistId },
          status: 'open',
          createdAt: '2026-11-22T03:00:00Z',
        },
        201,
      ),
    });
    renderAt('/report');
    const artist = await screen.findByLabelText(/^Artist's Spotify link or id/, undefined, slow);
    // Act
    await userEvent.type(artist, `https://open.spotify.com/artist/${artistId}?si=x`);
    await userEvent.type(
      screen.getByLabelText(/^What looks wrong\?/),
      'Their label says this office is fake.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Assess
    expect(await screen.findByRole('heading', { name: 'Thank you, your report is in' })).toBeTruthy();
    expect(api.sentTo(`POST /api/claims/report/${artistId}`)).toHaveLength(1);
  });

  it('refuses a short reason and an artist that is neither a link nor an id, and sends nothing', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/user': succeed(makeProfileFan()) });
    renderAt('/report');
    const artist = await screen.findByLabelText(/^Artist's Spotify link or id/, undefined, slow);
    // Act
    await userEvent.type(artist, 'the band with the red cover');
    await userEvent.type(screen.getByLabelText(/^What looks wrong\?/), 'Wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Assess
    expect(await screen.findByText('Tell us a little more: at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Paste the link of the artist on Spotify, or their Spotify id')).toBeTruthy();
    expect(api.sent.filter((request) => request.path.startsWith('/api/claims'))).toEqual([]);
  });

  it('says so when the fan already reported this claim', async () => {
    // Prepare
    const repeated = 'You have already reported this claim. Our staff will review it.';
    stubApi({
      'GET /api/user': succeed(makeProfileFan()),
      'GET /api/artists/details/artist7': fail(404, 'not_found', 'OpenPie does not know this artist.'),
      'POST /api/claims/report/artist7': fail(409, 'report_repeated', repeated),
    });
    renderAt('/report?artist=artist7');
    // Act
    await userEvent.type(
      await screen.findByLabelText(/^What looks wrong\?/, undefined, slow),
      'Still the wrong people, sorry.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(repeated);
  });
});

describe('the earth view', () => {
  it("lists the fan's own artists with their share as the text alternative of the globe", async () => {
    // Prepare
    const fan = makeProfileFan();
    stubApi({
      'GET /api/user': succeed(fan),
      [`GET /api/user/details/${fan.id}`]: succeed(makeProfile(fan.id, { isSelf: true })),
    });
    // Act
    renderAt('/earth');
    // Assess
    const list = await screen.findByRole('region', { name: 'Your artists of the last 30 days' }, slow);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nina Simone75% · 9 min', 'Radiohead25% · 3 min']);
    const globe = screen.getByRole('img', { name: /Your artists around the globe/ });
    await waitFor(() => expect(globe.querySelectorAll('.earth__land circle').length).toBeGreaterThan(100));
  });
});

describe('a profile or the earth view that could not load', () => {
  it.each([
    [
      'the profile',
      (id: string) => `/user/${id}`,
      'We could not load this profile. Please try again in a moment.',
    ],
    ['the earth view', () => '/earth', 'We could not load your listening. Please try again in a moment.'],
  ])('shows what went wrong for %s, and loads it on Try again', async (_name, path, message) => {
    // Prepare: the first read fails, the next ones work
    const fan = makeProfileFan();
    const other = crypto.randomUUID();
    const id = path(other) === '/earth' ? fan.id : other;
    let failing = true;
    stubApi({
      'GET /api/user': succeed(fan),
      [`GET /api/user/details/${id}`]: () =>
        failing
          ? fail(503, 'unavailable', 'The service is busy.')
          : succeed(makeProfile(id, { isSelf: id === fan.id })),
    });
    renderAt(path(other));
    const alert = await screen.findByRole('alert', {}, slow);
    const shown = within(alert).getByText(message).textContent;
    // Act
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Assess
    expect(shown).toBe(message);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findAllByText('Nina Simone', {}, slow)).not.toHaveLength(0);
  });
});
