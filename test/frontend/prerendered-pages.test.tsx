// The public pages the build prerenders (frontend/prerender/pages.ts): each renders, without a browser session or a
// server, as an anonymous visitor first sees it (its heading, its title, the frame around it; never the loading page),
// and the build puts that markup into the shell with the page's title and styles, its forms posting rather than
// putting what was typed into the address.
import { describe, expect, it } from 'vitest';
import { collectPageStyles, composePage } from '../../frontend/prerender/prerender-plugin';
import { prerenderedPages } from '../../frontend/prerender/pages';
import { renderPage } from '../../frontend/src/prerender/render-page';

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

  it('puts the page into the shell with its title and styles, its forms posting', () => {
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
      { markup: '<main><form class="f"><input name="password"></form></main>', title: 'Log in & go' },
      styles,
    );

    expect(styles).toEqual(['assets/index-a.css', 'assets/shared-c.css', 'assets/screen-b.css']);
    expect(html).toBe(
      '<html><head><title>Log in &amp; go</title><link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
        '  <link rel="stylesheet" crossorigin href="/assets/shared-c.css">\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/screen-b.css">\n  </head>' +
        '<body><div id="root"><main><form method="post" class="f"><input name="password"></form></main></div></body></html>',
    );
  });
});
