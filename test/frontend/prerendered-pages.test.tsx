// The public pages the build prerenders (frontend/prerender/pages.ts): each renders, without a browser session or a
// server, as an anonymous visitor first sees it (its heading, its title, the frame around it; never the loading page),
// and the build puts that markup into the shell with the page's title and styles, its controls disabled until the SPA
// takes over and its forms posting rather than putting what was typed into the address. The SPA then takes the
// static page over: it hydrates the very markup (no mismatch, even with a query string the build never saw), enables
// the controls and marks <html> (docs/decisions/053).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collectPageStyles,
  composePage,
  disableStaticControls,
} from '../../frontend/prerender/prerender-plugin';
import { prerenderedPages } from '../../frontend/prerender/pages';
import { startApp } from '../../frontend/src/app/start-app';
import { appReadyAttribute, prerenderedDisabledAttribute } from '../../frontend/src/lib/app-takeover';
import { renderPage } from '../../frontend/src/prerender/render-page';
import { stubApi } from '../support/auth-api-stub';

/** The text of some markup, as a reader would read it. */
function textOf(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ');
}

describe('prerendered public pages', () => {
  it('renders each page as an anonymous visitor sees it, with its title', async () => {
    const expected: Record<string, { title: string; text: string }> = {
      '/': {
        title: 'OpenPie: your monthly music money, split by what you really play',
        text: 'Pay the artists you actually listen to.',
      },
      '/login': { title: 'Log in to OpenPie · OpenPie', text: 'Welcome back. Your pie is waiting.' },
      '/try': { title: 'Try OpenPie for free · OpenPie', text: 'Checking whether free pies are available' },
      '/for-artists': {
        title: 'OpenPie for Artists: claim your profile and get paid by your fans',
        text: 'Your fans may already be saving a slice for you.',
      },
    };
    for (const page of prerenderedPages) {
      const { markup, title } = await renderPage(page.path);
      const text = textOf(markup);
      expect(title, page.path).toBe(expected[page.path]?.title);
      expect(text, page.path).toContain(expected[page.path]?.text);
      expect(text, page.path).toContain('Cookies on OpenPie');
      expect(text, page.path).not.toContain('Loading OpenPie');
      expect(markup, page.path).toContain('id="main"');
    }
  });

  it('puts the page into the shell with its title and styles, its controls disabled, its forms posting', () => {
    const shell =
      '<html><head><title>OpenPie</title><link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>' +
      '<body><div id="root"></div></body></html>';
    const styles = collectPageStyles(
      {
        'src/screen.tsx': {
          file: 'assets/screen-b.js',
          imports: ['_shared.js'],
          css: ['assets/screen-b.css'],
        },
        '_shared.js': { file: 'assets/shared-c.js', css: ['assets/index-a.css', 'assets/shared-c.css'] },
      },
      ['src/screen.tsx'],
    );
    const html = composePage(
      shell,
      {
        markup: '<main><form class="f"><input name="password"/><button disabled="">Go</button></form></main>',
        title: 'Log in & go',
      },
      styles,
    );

    expect(styles).toEqual(['assets/index-a.css', 'assets/shared-c.css', 'assets/screen-b.css']);
    expect(html).toBe(
      '<html><head><title>Log in &amp; go</title><link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
        '  <link rel="stylesheet" crossorigin href="/assets/shared-c.css">\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/screen-b.css">\n  </head>' +
        '<body><div id="root"><main><form method="post" class="f">' +
        `<input disabled="" ${prerenderedDisabledAttribute}="" name="password"/><button disabled="">Go</button>` +
        '</form></main></div></body></html>',
    );
  });

  it('disables every control of the static markup, and leaves one already disabled as it was', () => {
    const markup =
      '<button type="button" class="b">Menu</button><input id="e" value="a&gt;b"/><select name="s"></select>' +
      '<textarea></textarea><button disabled="" type="submit">Busy</button><a href="/register">Register</a>';

    expect(disableStaticControls(markup)).toBe(
      `<button disabled="" ${prerenderedDisabledAttribute}="" type="button" class="b">Menu</button>` +
        `<input disabled="" ${prerenderedDisabledAttribute}="" id="e" value="a&gt;b"/>` +
        `<select disabled="" ${prerenderedDisabledAttribute}="" name="s"></select>` +
        `<textarea disabled="" ${prerenderedDisabledAttribute}=""></textarea>` +
        '<button disabled="" type="submit">Busy</button><a href="/register">Register</a>',
    );
  });
});

describe('the takeover of a prerendered page', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
    document.documentElement.removeAttribute(appReadyAttribute);
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('hydrates /login opened with a social sign-in error, then shows the error and enables the controls', async () => {
    // Prepare: the built /login in #root, opened at an address the build never saw
    stubApi({});
    const { markup } = await renderPage('/login');
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = disableStaticControls(markup);
    document.body.append(root);
    window.history.replaceState(null, '', '/login?socialError=spotify&socialReason=cancelled');
    const logIn = screen.getByRole('button', { name: 'Log in' });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const expectedDisabled = logIn.hasAttribute('disabled');

    // Act
    await startApp();
    await waitFor(() => expect(document.documentElement.hasAttribute(appReadyAttribute)).toBe(true), {
      timeout: 15_000,
    });

    // Assess: the same button (hydrated, not replaced), enabled; the error shown; nothing reported
    expect(expectedDisabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Log in' })).toBe(logIn);
    expect(logIn.hasAttribute('disabled')).toBe(false);
    expect(root.querySelectorAll(`[${prerenderedDisabledAttribute}]`)).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toContain('Spotify');
    expect(reported.mock.calls.map((call) => String(call[0]))).toEqual([]);
  }, 20_000);
});
