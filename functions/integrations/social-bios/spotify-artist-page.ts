// Reading an artist's public Spotify page for the Spotify bio check (decision 027). Spotify has no API for an
// artist's bio, so the adapter fetches the page a browser would (`open.spotify.com/artist/<id>`) and hands back its
// texts: the visible HTML with entities decoded, and the page's embedded state (base64 JSON in a script), where the
// server-rendered page keeps the biography. Locally the base URL points at the Spotify sandbox's artist pages.
import { AppError } from '../../domain/errors';

export interface SpotifyArtistPage {
  /** The page that was read. */
  url: string;
  /** Everything of the page in which the bio can appear, as plain text. */
  texts: string[];
}

export interface SpotifyArtistPageReader {
  /** The artist's page, or null when Spotify has no such artist (404). */
  readArtistPage(artistId: string): Promise<SpotifyArtistPage | null>;
}

export interface SpotifyArtistPageConfig {
  /** `https://open.spotify.com` for real; the sandbox's Spotify root locally. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const maxPageBytes = 3 * 1024 * 1024;

export function createSpotifyArtistPageReader(config: SpotifyArtistPageConfig): SpotifyArtistPageReader {
  const fetchFunction = config.fetch ?? fetch;
  return {
    async readArtistPage(artistId) {
      if (!/^[A-Za-z0-9]{1,64}$/.test(artistId)) return null;
      const url = `${config.baseUrl.replace(/\/+$/, '')}/artist/${artistId}`;
      let response: Response;
      let html: string;
      try {
        response = await fetchFunction(url, {
          redirect: 'follow',
          signal: AbortSignal.timeout(config.timeoutMs),
          headers: { accept: 'text/html', 'accept-language': 'en' },
        });
        html = (await response.text()).slice(0, maxPageBytes);
      } catch (error) {
        throw spotifyUnavailable(error);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw spotifyUnavailable();
      return { url, texts: extractPageTexts(html) };
    },
  };
}

function spotifyUnavailable(cause?: unknown): AppError {
  return new AppError('unavailable', 'Spotify is not answering right now. Please try again.', {
    code: 'social_provider_unavailable',
    cause,
  });
}

/** The page's text with entities decoded, and every base64 script body that decodes to JSON text. */
export function extractPageTexts(html: string): string[] {
  const texts = [decodeEntities(html.replace(/<[^>]*>/g, ' '))];
  for (const match of html.matchAll(/<script[^>]*>([A-Za-z0-9+/=\s]{16,})<\/script>/g)) {
    const decoded = Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8');
    if (decoded.startsWith('{') || decoded.startsWith('[')) texts.push(decoded);
  }
  return texts;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
