// OpenPie's service worker: it makes the app installable and able to open without a network, by caching the app
// shell (index.html), the content-hashed build files and the icons. It never touches /api: replies there carry
// personal data and must always come fresh from the server (docs/decisions/007).
//
// Safe updates: pages are fetched network first, so a new deploy's index.html wins whenever the network answers;
// hashed files never change under one name, so caching them first is always correct. A tab still running an old build
// asks for old file names; if neither the cache nor the server has one, the app's chunk recovery clears these caches
// and reloads (SPEC §4). Nothing here depends on the build version, so a new worker can take over at once.

const shellCache = 'openpie-shell-v1';
const assetCache = 'openpie-assets-v1';
const knownCaches = [shellCache, assetCache];
// The SPA shell: index.html with an empty #root, which renders any page. The public pages arrive prerendered
// (frontend/prerender/pages.ts): each holds one page's markup, so none of them may stand in for the others offline.
const shellUrl = '/index.html';
const emptyRoot = '<div id="root"></div>';
const staticFiles = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
// Old builds' files pile up across deploys; past this many the oldest go first.
const maxAssetEntries = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll([shellUrl, ...staticFiles]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => !knownCaches.includes(key)).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

function isNeverCached(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/_aws/');
}

async function fetchPage(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    // Every other page is the same shell (the SPA decides what to show), so one copy serves them all offline; a
    // prerendered page is not the shell and is not kept.
    if (response.ok && !response.redirected && type.includes('text/html')) {
      const copy = response.clone();
      if ((await copy.clone().text()).includes(emptyRoot)) {
        const cache = await caches.open(shellCache);
        await cache.put(shellUrl, copy);
      }
    }
    return response;
  } catch (error) {
    const cached = await caches.match(shellUrl);
    if (cached) return cached;
    throw error;
  }
}

async function trimAssets() {
  const cache = await caches.open(assetCache);
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - maxAssetEntries)).map((key) => cache.delete(key)),
  );
}

async function fetchHashedAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(assetCache);
    await cache.put(request, response.clone());
    void trimAssets();
  }
  return response;
}

async function fetchStaticFile(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(shellCache);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetchPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fetchHashedAsset(request));
  } else if (staticFiles.includes(url.pathname)) {
    event.respondWith(fetchStaticFile(request));
  }
});
