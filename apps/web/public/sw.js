/* global self, caches */
/**
 * Gatepass service worker: the app shell and every built file load without a network, so
 * a steward can reopen the door screen offline (its data lives in local storage).
 *
 * - install: precache index.html, the web app manifest, icons and every hashed asset of
 *   this build (the list below is written by the build, see apps/web/service-worker-plugin.ts);
 * - navigations: the network first (fresh index.html, server-rendered <head> for event
 *   pages), the cached shell when the network fails or takes longer than 4 s;
 * - built files: from the cache, else the network (and cached for next time);
 * - /api: never touched; the door keeps its own lists in local storage;
 * - /t/: never touched either: the light ticket pages have their own worker (/t/sw.js,
 *   scope /t/) that keeps each ticket for offline use; the app's shell is not a ticket.
 */
const BUILD = { version: 'dev', files: ['/index.html'] }; // gatepass:precache

const CACHE = `gatepass-${BUILD.version}`;
const SHELL = '/index.html';
const NAVIGATION_TIMEOUT_MS = 4000;
const precached = new Set(BUILD.files);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(BUILD.files.map((file) => new Request(file, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('gatepass-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function fromNetworkOrShell(request) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    if (response.status < 500) return response;
    throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function fromCacheOrNetwork(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/t/')
  )
    return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkOrShell(request));
  } else if (precached.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheOrNetwork(request));
  }
});
