// Bios for claim verification, offline (decision 027): each sandbox artist's Spotify bio and each sandbox person's
// X, YouTube, Facebook and Instagram bios, kept in memory, edited on the sandbox page /_sandbox/oauth/bios and read
// by the Spotify sandbox's artist pages and the providers' profile APIs, as the real platforms serve them.
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../api-gateway';
import { formLimitBytes } from './call';
import { escapeHtml } from '../../functions/domain/email';
import { demoIdentities } from './identities';
import type { SandboxReply } from './reply';
import { html, json, redirectTo } from './reply';

export const bioPlatforms = ['twitter', 'youtube', 'facebook', 'instagram'] as const;
export type BioPlatform = (typeof bioPlatforms)[number];

const platformLabels: Record<BioPlatform | 'spotify', string> = {
  spotify: 'Spotify',
  twitter: 'X',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The platforms' own limits on a bio's length, so a bio that fits here fits there. */
export const bioLimits: Record<BioPlatform | 'spotify', number> = {
  spotify: 1500,
  twitter: 160,
  youtube: 1000,
  facebook: 255,
  instagram: 150,
};

export class BioStore {
  private readonly spotify = new Map<string, string>();
  private readonly social = new Map<string, string>();

  spotifyBio(artistId: string): string | undefined {
    return this.spotify.get(artistId);
  }

  setSpotifyBio(artistId: string, bio: string): void {
    this.spotify.set(artistId, bio);
  }

  socialBio(platform: BioPlatform, email: string): string {
    return this.social.get(`${platform}|${email.toLowerCase()}`) ?? '';
  }

  setSocialBio(platform: BioPlatform, email: string, bio: string): void {
    this.social.set(`${platform}|${email.toLowerCase()}`, bio);
  }

  listSpotify(): [string, string][] {
    return [...this.spotify.entries()];
  }

  listSocial(): { platform: BioPlatform; email: string; bio: string }[] {
    return [...this.social.entries()].map(([key, bio]) => {
      const [platform, email] = key.split('|') as [BioPlatform, string];
      return { platform, email, bio };
    });
  }
}

export function isBioPlatform(value: string | null): value is BioPlatform {
  return (bioPlatforms as readonly (string | null)[]).includes(value);
}

/** GET shows the page; POST (a form, or JSON for tests) sets one bio and comes back to the page. */
export async function serveBioPage(bios: BioStore, req: IncomingMessage, url: URL): Promise<SandboxReply> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET') return html(200, renderBioPage(bios, url));
  if (method !== 'POST') return json(405, { error: 'method_not_allowed' });
  const raw = (await readRequestBody(req, formLimitBytes)).toString('utf8');
  const isJson = (req.headers['content-type'] ?? '').includes('application/json');
  let fields: URLSearchParams;
  if (isJson) {
    try {
      fields = new URLSearchParams(JSON.parse(raw) as Record<string, string>);
    } catch {
      return json(400, { error: 'invalid_json' });
    }
  } else {
    fields = new URLSearchParams(raw);
  }
  const kind = fields.get('kind');
  const bio = (fields.get('bio') ?? '').replace(/\r\n/g, '\n');
  const back = new URL(url.pathname, url.origin);
  if (kind === 'spotify') {
    const artistId = (fields.get('artistId') ?? '').trim();
    if (!/^[A-Za-z0-9]{1,64}$/.test(artistId))
      return refuse(bios, isJson, url, 'Give a Spotify artist id (letters and digits).');
    if (bio.length > bioLimits.spotify)
      return refuse(bios, isJson, url, `A Spotify bio has at most ${bioLimits.spotify} characters.`);
    bios.setSpotifyBio(artistId, bio);
    back.searchParams.set('artist', artistId);
  } else if (kind === 'social') {
    const platform = fields.get('platform');
    const chosen = fields.get('person') ?? '';
    const email = (
      demoIdentities.find((identity) => identity.key === chosen)?.email ??
      fields.get('email') ??
      ''
    )
      .trim()
      .toLowerCase();
    if (!isBioPlatform(platform))
      return refuse(bios, isJson, url, 'Choose X, YouTube, Facebook or Instagram.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return refuse(bios, isJson, url, 'Enter an e-mail address like name@example.com.');
    if (bio.length > bioLimits[platform]) {
      return refuse(
        bios,
        isJson,
        url,
        `A ${platformLabels[platform]} bio has at most ${bioLimits[platform]} characters.`,
      );
    }
    bios.setSocialBio(platform, email, bio);
    back.searchParams.set('platform', platform);
    back.searchParams.set('email', email);
  } else {
    return refuse(bios, isJson, url, 'Say which bio to set.');
  }
  if (isJson) return json(200, { saved: true });
  back.searchParams.set('saved', '1');
  return redirectTo(`${back.pathname}${back.search}`);
}

function refuse(bios: BioStore, isJson: boolean, url: URL, message: string): SandboxReply {
  if (isJson) return json(422, { error: message });
  return html(422, renderBioPage(bios, url, message));
}

function renderBioPage(bios: BioStore, url: URL, error?: string): string {
  const artistId = url.searchParams.get('artist') ?? '';
  const platform = url.searchParams.get('platform');
  const email = url.searchParams.get('email') ?? '';
  const saved = url.searchParams.get('saved') === '1';
  const chosenPerson =
    demoIdentities.find((identity) => identity.email === email)?.key ?? (email ? 'custom' : 'riley');
  const chosenPlatform: BioPlatform = isBioPlatform(platform) ? platform : 'twitter';
  const spotifyBio = artistId ? (bios.spotifyBio(artistId) ?? '') : '';
  const socialBio = email ? bios.socialBio(chosenPlatform, email) : '';
  const people = demoIdentities
    .filter((identity) => identity.key !== 'staff')
    .map(
      (identity) =>
        `<option value="${identity.key}"${identity.key === chosenPerson ? ' selected' : ''}>${escapeHtml(identity.name)} (${escapeHtml(identity.email)})</option>`,
    )
    .join('');
  const platforms = bioPlatforms
    .map(
      (value) =>
        `<option value="${value}"${value === chosenPlatform ? ' selected' : ''}>${platformLabels[value]}</option>`,
    )
    .join('');
  const rows = [
    ...bios
      .listSpotify()
      .map(
        ([id, bio]) =>
          `<tr><td>Spotify</td><td><a href="/_sandbox/oauth/spotify/artist/${escapeHtml(id)}">artist ${escapeHtml(id)}</a></td><td>${escapeHtml(bio) || '<em>empty</em>'}</td></tr>`,
      ),
    ...bios
      .listSocial()
      .map(
        (entry) =>
          `<tr><td>${platformLabels[entry.platform]}</td><td>${escapeHtml(entry.email)}</td><td>${escapeHtml(entry.bio) || '<em>empty</em>'}</td></tr>`,
      ),
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox bios — OpenPie local sandbox</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f4; color: #1b1b1b; }
    main { max-width: 46rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
    .banner { background: #fff3c4; border: 2px dashed #8a6d00; padding: .75rem 1rem; border-radius: 8px; }
    form { border: 1px solid #bbb; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
    label { display: block; font-weight: 600; margin-top: .75rem; }
    input, select, textarea { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #767676; border-radius: 6px; }
    textarea { min-height: 5rem; }
    .hint { color: #4a4a4a; font-size: .9rem; margin: .25rem 0 0; }
    .error { color: #b00020; } .saved { color: #1e6b2e; }
    button { font: inherit; margin-top: 1rem; padding: .6rem 1.4rem; border-radius: 999px; border: 2px solid #1b1b1b; background: #1b1b1b; color: #fff; cursor: pointer; }
    table { border-collapse: collapse; width: 100%; } th, td { text-align: left; border-bottom: 1px solid #ddd; padding: .4rem; vertical-align: top; overflow-wrap: anywhere; }
    caption { text-align: left; font-weight: 600; padding: .5rem 0; }
    button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, a:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <p class="banner" role="note"><strong>OpenPie local sandbox — not the real Spotify, X, YouTube, Facebook or Instagram.</strong>
      Set a bio here, then verify the claim in OpenPie: the sandbox serves these bios as the platforms would.</p>
    <h1>Sandbox bios</h1>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    ${saved ? '<p class="saved" role="status">Saved. Go back to OpenPie and check again.</p>' : ''}
    <form method="post" action="/_sandbox/oauth/bios" aria-labelledby="spotify-heading">
      <h2 id="spotify-heading">Spotify artist bio</h2>
      <input type="hidden" name="kind" value="spotify">
      <label for="artist-id">Spotify artist id</label>
      <input id="artist-id" name="artistId" required pattern="[A-Za-z0-9]{1,64}" value="${escapeHtml(artistId)}">
      <p class="hint">The part after /artist/ in the artist's Spotify link.${artistId ? ` <a href="/_sandbox/oauth/spotify/artist/${escapeHtml(artistId)}">See the artist page</a>` : ''}</p>
      <label for="spotify-bio">Bio (paste your OpenPie link here)</label>
      <textarea id="spotify-bio" name="bio" maxlength="${bioLimits.spotify}">${escapeHtml(spotifyBio)}</textarea>
      <button type="submit">Save Spotify bio</button>
    </form>
    <form method="post" action="/_sandbox/oauth/bios" aria-labelledby="social-heading">
      <h2 id="social-heading">Social profile bio</h2>
      <input type="hidden" name="kind" value="social">
      <label for="platform">Platform</label>
      <select id="platform" name="platform">${platforms}</select>
      <label for="person">Whose profile (the person you approve as on the sandbox sign-in page)</label>
      <select id="person" name="person">${people}<option value="custom"${chosenPerson === 'custom' ? ' selected' : ''}>Someone else (e-mail below)</option></select>
      <label for="email">E-mail address for "Someone else"</label>
      <input id="email" name="email" type="email" value="${chosenPerson === 'custom' ? escapeHtml(email) : ''}">
      <label for="social-bio">Bio (paste your verification string here)</label>
      <textarea id="social-bio" name="bio" maxlength="1000">${escapeHtml(socialBio)}</textarea>
      <p class="hint">Limits: X 160, Instagram 150, Facebook 255, YouTube 1000 characters.</p>
      <button type="submit">Save social bio</button>
    </form>
    <table>
      <caption>Bios set since the sandbox started</caption>
      <thead><tr><th scope="col">Platform</th><th scope="col">Artist or person</th><th scope="col">Bio</th></tr></thead>
      <tbody>${rows || '<tr><td colspan="3">None yet.</td></tr>'}</tbody>
    </table>
  </main>
</body>
</html>
`;
}

/** The Spotify sandbox's public artist page: the name and the bio, where the bio check looks. */
export function renderSpotifyArtistPage(artist: { id: string; name: string }, bio: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(artist.name)} | Spotify (OpenPie local sandbox)</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #121212; color: #fff; }
main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; } .banner { background: #fff3c4; color: #1b1b1b; padding: .75rem 1rem; border-radius: 8px; }
a { color: #1ed760; } .bio { white-space: pre-wrap; background: #242424; padding: 1rem; border-radius: 8px; }</style></head>
<body><main>
<p class="banner" role="note"><strong>OpenPie local sandbox — not the real Spotify.</strong></p>
<h1>${escapeHtml(artist.name)}</h1>
<h2>About</h2>
<div class="bio" data-testid="artist-bio">${bio ? escapeHtml(bio) : '<em>No bio yet.</em>'}</div>
<p><a href="/_sandbox/oauth/bios?artist=${escapeHtml(artist.id)}">Edit this bio in the sandbox</a></p>
</main></body></html>
`;
}
