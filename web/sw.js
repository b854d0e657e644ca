// Offline cache for the Kingsburg site (template).
//
// tools/build_site.py writes _site/sw.js from this file: VERSION becomes a hash of every file in the
// site and PRECACHE the list of all of them, so any change to the site yields a new cache. Served from
// the site's root, so its scope is the whole site, whatever sub-path the site lives under.
"use strict";

const VERSION = /*@VERSION@*/ "dev";
const PRECACHE = /*@PRECACHE@*/ [];
// The Python memory snapshot (web/interpreter.mjs), gzipped (about 7 MB to download): unpacked here and cached
// unpacked (about 31 MB), so that a page booting from it has nothing to unpack (~140 ms). Cached after the rest,
// and only if it downloads and unpacks, so that offline play never depends on it. The page boots the normal way
// until it is there.
const SNAPSHOT = /*@SNAPSHOT@*/ null;

// One cache per site location and version: two copies of the site on one origin (say /main/ and /v2/)
// never delete each other's caches.
const PREFIX = `kingsburg:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
// Opened once per worker, not once per request: a page load makes about 35 requests.
let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server instead of trusting a possibly stale HTTP cache entry.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      await keepLanguages(cache);
      if (SNAPSHOT) {
        await cacheSnapshot(cache).catch((err) => {
          console.warn("no Python snapshot cached:", err);
        });
      }
      await self.skipWaiting();
    })(),
  );
});

// A language's catalogues (locale/<lang>/*.mo) are not precached: an English visit fetches none. The fetch handler
// keeps one once the page has fetched it; a new version fetches again the ones an older cache held (this build's
// words), so a language chosen once stays offline. Failing that, the page shows English.
const LOCALE = new URL("./locale/", self.registration.scope).href;

async function keepLanguages(cache) {
  const wanted = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) {
      if (request.url.startsWith(LOCALE)) wanted.add(request.url);
    }
  }
  await Promise.all(
    [...wanted].map((url) => cache.add(new Request(url, { cache: "no-cache" })).catch(() => undefined)),
  );
}

// A host that sends .gz files with "Content-Encoding: gzip" has had the browser unpack it already (no gzip
// magic at the start): those bytes are kept as they are.
async function cacheSnapshot(cache) {
  const response = await fetch(new Request(SNAPSHOT, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const packed = await response.arrayBuffer();
  const head = new Uint8Array(packed, 0, Math.min(2, packed.byteLength));
  let bytes = packed;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = await new Response(unpacked).arrayBuffer();
  }
  await cache.put(SNAPSHOT, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// Cache first for same-origin GETs; anything not precached goes to the network untouched (but a language's
// catalogue, which is kept).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await openCache();
      // A navigation may carry a query string (?seed=…); the page itself is the same file.
      const ignoreSearch = request.mode === "navigate";
      const cached = await cache.match(request, { ignoreVary: true, ignoreSearch });
      if (cached) return cached;
      const response = await fetch(request);
      // A language's catalogue, fetched because the page chose it: kept for offline (see keepLanguages).
      if (request.url.startsWith(LOCALE) && response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
