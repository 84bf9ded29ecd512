/* Service worker: offline play after the first visit.
 *
 * tools/build_site.py writes into _site/sw.js the cache version (a hash of every
 * file of the site) and the list of every file to precache; the markers below
 * must stay exactly as they are. Registered by js/loader.js once Python is ready.
 *
 * - install: precache every file of the site (revalidating, not trusting the
 *   HTTP cache), then take over at once (skipWaiting).
 * - activate: delete this site's older caches, claim open pages.
 * - fetch: same-origin GETs cache-first; navigations to the page (any query,
 *   e.g. /?game=devils-square&deal=1) get the cached index.html.
 * Cached Responses are returned as they are, never rebuilt: the .wasm must keep
 * its application/wasm Content-Type or Pyodide's startup hangs.
 */
const CACHE_VERSION = "__CACHE_VERSION__";
const PRECACHE_URLS = [/* __PRECACHE_URLS__ */];

const CACHE_PREFIX = "cardgames-";
const CACHE_NAME = CACHE_PREFIX + CACHE_VERSION;
const SCOPE = self.registration.scope;
const INDEX_URL = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await cache.addAll(
        PRECACHE_URLS.map((url) => new Request(new URL(url, SCOPE), { cache: "no-cache" })),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

const isShellPage = (url) =>
  url.href.startsWith(SCOPE) &&
  (url.pathname === new URL(SCOPE).pathname || url.href.split(/[?#]/)[0] === INDEX_URL);

async function fromCacheOrNetwork(request, cacheKey) {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(cacheKey || request);
  if (hit) return hit;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && isShellPage(url)) {
    event.respondWith(fromCacheOrNetwork(request, INDEX_URL));
    return;
  }
  event.respondWith(fromCacheOrNetwork(request));
});
