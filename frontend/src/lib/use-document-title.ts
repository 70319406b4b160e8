import { createContext, useContext, useEffect } from 'react';

/**
 * Takes a page's title when the page is prerendered at build time, where there is no document and effects do not run.
 * Provided only by the build's prerender (src/prerender/render-page.tsx); null in the browser.
 */
export const PrerenderedTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the tab title while a screen is shown, so history entries and screen readers name the page. */
export function useDocumentTitle(title: string): void {
  const takePrerenderedTitle = useContext(PrerenderedTitleContext);
  takePrerenderedTitle?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
