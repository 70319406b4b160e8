// Setup for the `frontend` vitest project (jsdom): each test starts from an empty document, no cookies and empty
// storage, so tests run in any order.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// On CI's two loaded cores a lazy screen can take more than the library's default second to appear; a waiting query
// that still finds nothing after five seconds is a real failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout and its scrollTo only logs a warning; the router's scroll restoration calls it.
window.scrollTo = () => {};

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one. Without layout nothing ever resizes.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

afterEach(() => {
  cleanup();
  for (const name of document.cookie.split(';').map((pair) => pair.split('=')[0]?.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
});
