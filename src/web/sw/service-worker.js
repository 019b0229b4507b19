// Kindred's service worker (built into /sw.js by scripts/vite-service-worker.ts, which fills in the
// version and the app shell). It keeps the app shell and hashed assets for fast loads, shows the offline
// page when a navigation finds no network, and never stores API answers, media or anything personal.
/* global __KINDRED_SW_VERSION__, __KINDRED_SW_SHELL__ */

const VERSION = __KINDRED_SW_VERSION__;
/** The first screen's scripts and styles, the offline page, the manifest and its icons. */
const SHELL = __KINDRED_SW_SHELL__;
const CACHE = `kindred-${VERSION}`;
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })))),
  );
  // No skipWaiting here: an open tab keeps its version until the person picks 'New version: reload'.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('kindred-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

/** Hashed file names never change content: kept once fetched. */
function isHashedAsset(url) {
  return url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map');
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Pages always come from the network (so a new deploy is picked up on the next load); offline, the
    // offline page. Nothing a page answers is stored.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  if (isHashedAsset(url) || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok && isHashedAsset(url)) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
  // Everything else (API answers, sign-in, media, uploads, speech) goes to the network untouched.
});

// Web Push: a check-in while no Kindred tab is open ('<character> sent you a message', its first words).
self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    // Not Kindred's format: nothing to show.
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: payload.icon ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

// A click opens that chat (with hist): in an open Kindred window if there is one, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        await open.focus();
        return open.navigate(target.href);
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
