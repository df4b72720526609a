// The app's service worker: every file of the app cached under a name made from their
// content (written by `scorepad app build`); served from the cache, so the app starts
// offline. A new build is a new cache, fetched whole in the background and used from the
// next start; the old one is then dropped.
const BUILD = "{{BUILD}}";
const CACHE = "scorepad-" + BUILD;
const FILES = {{FILES}};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("scorepad-") && key !== CACHE)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request)));
});
