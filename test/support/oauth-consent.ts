// What a browser does on the OAuth sandbox's consent page: load it, fill the form, press a button.
import { expect } from 'vitest';

// jsdom ships no type declarations; this is the part of its API these tests use.
interface BrowserWindow extends Window {
  eval(source: string): unknown;
}
type JsdomConstructor = new (
  html: string,
  options?: { runScripts?: 'outside-only' },
) => { window: BrowserWindow };
const jsdomModule = 'jsdom';
export const { JSDOM } = (await import(jsdomModule)) as { JSDOM: JsdomConstructor };

/** Answers the consent page at `authorizeUrl` with the given form choices; returns where the browser is sent. */
export async function answerConsent(
  authorizeUrl: string,
  choice: Record<string, string>,
): Promise<{ status: number; location: URL | null; page: string }> {
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  const page = await consent.text();
  expect(consent.status, page).toBe(200);
  const document = new JSDOM(page).window.document;
  const form = document.querySelector('form');
  if (!form) throw new Error('The consent page has no form');
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]'))
    fields.set(input.name, input.value);
  for (const [name, value] of Object.entries(choice)) fields.set(name, value);
  const decided = await fetch(new URL(form.getAttribute('action') ?? '', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = decided.headers.get('location');
  return {
    status: decided.status,
    location: location ? new URL(location) : null,
    page: await decided.text(),
  };
}
