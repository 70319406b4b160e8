// The artist screens in a real Chromium: the public artist page of a catalogue artist (seeded from the
// Spotify sandbox on first start) for anyone, and the fan's view of an artist after the fan imported listening of
// them, at desktop and phone widths, with no serious axe violation, console error or sideways scrolling; and the
// artist area's search finding an artist by the start of a word. Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { catalogue } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const { desktop, phone } = viewports;

const pages = useObservedPages();

const featured = catalogue.artists[2];
if (!featured) throw new Error('The sandbox catalogue is smaller than expected');

describe('the public artist page', () => {
  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('shows a catalogue artist to anyone (%s)', async (name, viewport) => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'anonymous', viewport);
    // Act
    await observed.page.goto(`${baseUrl}/artist-public/${featured.id}`);
    await observed.page.getByRole('heading', { level: 1, name: featured.name }).waitFor();
    await observed.page
      .locator('.artist-page__image')
      .first()
      .evaluate((image) => {
        if (image instanceof HTMLImageElement && !image.complete) {
          return new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
        }
        return undefined;
      });
    await saveScreenshot(observed.page, `artist-public-${name}`);
    // Assess
    await expect(observed.page.getByText('Start your pie', { exact: true }).last().isVisible()).resolves.toBe(
      true,
    );
    await expect(observed.page.getByRole('link', { name: 'Claim this profile' }).isVisible()).resolves.toBe(
      true,
    );
    await expectCleanPage(observed);
  });

  it('says plainly when OpenPie does not know the artist', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'anonymous', desktop);
    // Act
    await observed.page.goto(`${baseUrl}/artist-public/NoSuchArtist0000000000`);
    await observed.page.getByRole('heading', { name: 'We could not find this artist' }).waitFor();
    await saveScreenshot(observed.page, 'artist-public-not-found');
    // Assess: the only console error is the browser's note on the 404 itself
    expect(observed.problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });
});

describe("the fan's artist screen", () => {
  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ])("shows the fan's listening of the artist and their top tracks (%s)", async (name, viewport) => {
    // Prepare: the demo fan imports two plays of the artist, named as an export names them
    const observed = await openSignedIn(pages, baseUrl, 'fan', viewport);
    const minute = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const imported = await observed.page.request.post(`${baseUrl}/api/tracks/user/import`, {
      headers: { origin: baseUrl },
      data: {
        source: 'spotify-account-data',
        records: [
          {
            endTime: minute,
            artistName: featured.name.toUpperCase(),
            trackName: `E2E ${name} one`,
            msPlayed: 180_000,
          },
          { endTime: minute, artistName: featured.name, trackName: `E2E ${name} two`, msPlayed: 240_000 },
        ],
      },
    });
    expect(imported.ok()).toBe(true);
    // Act
    await observed.page.goto(`${baseUrl}/artist/${featured.id}`);
    const listening = observed.page.getByRole('region', { name: 'Your listening' });
    await listening.getByText('Last 30 days').waitFor();
    await observed.page.locator('.artist-page__track').first().waitFor();
    await saveScreenshot(observed.page, `artist-fan-${name}`);
    // Assess
    await expect(listening.textContent()).resolves.toMatch(/\d+ plays?/);
    await expectCleanPage(observed);
  });
});

describe('the artist area search', () => {
  it('finds an artist by the start of a word of their name, in pages of six', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', desktop);
    const word = featured.name.split(' ').at(-1)?.slice(0, 3).toLowerCase() ?? '';
    // Act
    const reply = await observed.page.request.get(
      `${baseUrl}/api/for-artists/search?search_term=${encodeURIComponent(word)}`,
    );
    // Assess
    const body = (await reply.json()) as {
      data: { name: string }[];
      pagination: { page: number; limit: number };
    };
    expect(reply.status()).toBe(200);
    expect(body.pagination).toMatchObject({ page: 1, limit: 6 });
    expect(body.data.length).toBeGreaterThan(0);
    for (const artist of body.data) {
      expect(
        artist.name
          .toLowerCase()
          .split(/\s+/)
          .some((part) => part.startsWith(word)),
      ).toBe(true);
    }
  });
});
