// Setup for the `frontend` vitest project (jsdom): each test starts from an empty document.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, and its scrollTo only logs "not implemented"; the router's scroll restoration calls it.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  for (const name of document.cookie.split(';').map((pair) => pair.split('=')[0]?.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
