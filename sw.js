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
 *
 * Updates. A new build has a new sw.js (another CACHE_VERSION); the browser finds it
 * when the page registers it after start-up or on a later visit, installs it beside
 * the old one, and skipWaiting + clients.claim let it take over at once, even the
 * pages already open: the next load of any page is the new version, in one step.
 * Taking over a page that is already running is safe because such a page fetches
 * nothing more: every file it uses is loaded before body[data-state=ready] (the
 * Python of all games, the translations and the Rules pages come in game.zip, written
 * into Pyodide's memory at start and imported from there; styles, card faces and icons
 * are in the CSS and the page; the deal lists are Python modules; only the browser
 * asks for the tab's icon again, an image any version can show). So an old page goes on with its own code,
 * and its saves are the same format the new version reads (saves carry a version and
 * are migrated, never dropped). A page still starting when the new worker takes over
 * would get the rest of its files from the new cache; js/loader.js reloads it then,
 * before any move can be made. e2e/test_updates.py proves all this against the
 * previous release. Keep it so: a file fetched after start-up (a JS import(), a
 * fetch() of data) would have to be versioned in its URL or kept compatible.
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
