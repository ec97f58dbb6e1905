// The service worker, served at /sw.js (config/installable.py puts self.WHIST_WORKER in
// front: the build, the name of the server's mark, the offline page's words and styles).
// Network first, always: while the network answers, every page is the network's. Only when
// it fails does the worker answer from what it kept: the signed-in player's own /me/ and his
// table's deal sheet, the pages the server marks with his key (config/offline.py), and the
// static files they load, in a cache named after that key. Any other page gets a short
// offline page in the site's language. A page of another user, or of nobody signed in,
// clears what was kept (each page tells the worker who is signed in: pwa.js); signing out
// clears it too (the sign-out answer's Clear-Site-Data). The decisions are plain functions,
// tested on Node (tests/js/sw.test.mjs).
(function (root) {
  "use strict";
  var PREFIX = "whist-offline-";
  var KEY = /^[0-9a-f]{16,64}$/;

  function cacheName(key) { return PREFIX + key; }
  function isKept(name) { return name.indexOf(PREFIX) === 0; }

  // The key of the store a page's answer goes to, "" when it must not be kept: only a
  // plain 200 of our own origin (no redirect) that carries the server's mark.
  function storeKey(request, response, header) {
    if (request.method !== "GET" || request.mode !== "navigate" || !response) return "";
    if (response.status !== 200 || response.type !== "basic" || response.redirected) return "";
    var key = response.headers.get(header) || "";
    return KEY.test(key) ? key : "";
  }

  // The static files of this origin a page loads (its scripts, styles and icons).
  function staticAddresses(html, base) {
    var origin = new URL(base).origin;
    var found = [];
    var pattern = /<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/g;
    var match;
    while ((match = pattern.exec(html)) !== null) {
      var address = new URL(match[1].replace(/&amp;/g, "&"), base);
      address.hash = "";
      if (address.origin === origin && address.pathname.indexOf("/static/") === 0 &&
          found.indexOf(address.href) < 0) found.push(address.href);
    }
    return found;
  }

  // The first of `wanted` (language tags, most wanted first) the site speaks, else `fallback`.
  function language(texts, wanted, fallback) {
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").toLowerCase().split("-")[0];
      if (Object.prototype.hasOwnProperty.call(texts, code)) return code;
    }
    return fallback;
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch];
    });
  }

  // The offline page for `address`: in `words`' language, a way back to it and to /me/.
  function offlinePage(words, code, address, options) {
    return "<!doctype html>\n<html lang=\"" + escapeHtml(code) + "\" dir=\"" + escapeHtml(words.dir) + "\">" +
      "<head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>" + escapeHtml(words.title) + " - " + escapeHtml(words.site) + "</title>" +
      (options.style ? "<link rel=\"stylesheet\" href=\"" + escapeHtml(options.style) + "\">" : "") +
      "</head><body><main id=\"main\" class=\"offline\"><h1>" + escapeHtml(words.title) + "</h1>" +
      "<p>" + escapeHtml(words.message) + "</p>" +
      "<p><a href=\"" + escapeHtml(address) + "\">" + escapeHtml(words.retry) + "</a></p>" +
      "<p><a href=\"" + escapeHtml(options.mine) + "\">" + escapeHtml(words.mine) + "</a></p>" +
      "</main></body></html>";
  }

  var api = {
    cacheName: cacheName, isKept: isKept, storeKey: storeKey,
    staticAddresses: staticAddresses, language: language, offlinePage: offlinePage,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  var options = root.WHIST_WORKER;
  if (!options || typeof root.addEventListener !== "function") return;

  var current = null;  // the key the last page announced (null: none since the worker woke)
  var pageLanguage = "";

  function keptNames() {
    return root.caches.keys().then(function (names) { return names.filter(isKept); });
  }
  // Drop every kept store but `except` (a cache name, or null: all of them).
  function forget(except) {
    return keptNames().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== except; })
        .map(function (name) { return root.caches.delete(name); }));
    });
  }
  function keep(key, request, response) {
    var name = cacheName(key);
    current = key;
    return Promise.all([forget(name), response.clone().text()]).then(function (done) {
      var html = done[1];
      return root.caches.open(name).then(function (cache) {
        return cache.put(request.url, response).then(function () {
          return Promise.all(staticAddresses(html, request.url).map(function (address) {
            return cache.match(address).then(function (hit) {
              return hit || cache.add(address);
            }).catch(function () { /* kept without it */ });
          }));
        });
      });
    });
  }
  // What was kept for `request`, from the store of the user last seen on this phone.
  function fromStore(request) {
    return keptNames().then(function (names) {
      var name = current ? cacheName(current) : (names.length === 1 ? names[0] : null);
      if (!name || names.indexOf(name) < 0) return undefined;
      return root.caches.open(name).then(function (cache) {
        return cache.match(request.url, { ignoreVary: true, ignoreSearch: false });
      });
    });
  }
  function offlineAnswer(request) {
    var texts = options.languages;
    var wanted = [pageLanguage].concat(Array.prototype.slice.call(root.navigator.languages || []));
    var code = language(texts, wanted, options.fallback);
    return new Response(offlinePage(texts[code], code, request.url, options), {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": options.policy,
      },
    });
  }

  root.addEventListener("install", function () { root.skipWaiting(); });
  root.addEventListener("activate", function (event) { event.waitUntil(root.clients.claim()); });
  root.addEventListener("message", function (event) {
    var data = event.data || {};
    if (typeof data.user !== "string") return;
    if (typeof data.lang === "string") pageLanguage = data.lang;
    var key = KEY.test(data.user) ? data.user : "";
    current = key || null;
    event.waitUntil(forget(key ? cacheName(key) : null));
  });
  root.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var address = new URL(request.url);
    if (address.origin !== root.location.origin) return;
    if (request.mode === "navigate") {
      // "no-cache": the page's own Cache-Control lets a cache answer from a stale copy while
      // it revalidates (stale-while-revalidate, meant for nginx), which a browser applies to a
      // worker's fetch though not to a navigation: the page is always asked for again.
      event.respondWith(fetch(request, { cache: "no-cache" }).then(function (response) {
        var key = storeKey(request, response, options.header);
        if (key) event.waitUntil(keep(key, request, response.clone()));
        return response;
      }, function () {
        return fromStore(request).then(function (kept) { return kept || offlineAnswer(request); });
      }));
    } else if (address.pathname.indexOf("/static/") === 0) {
      event.respondWith(fetch(request).catch(function () {
        return fromStore(request).then(function (kept) { return kept || Response.error(); });
      }));
    }
  });
})(typeof self !== "undefined" ? self : globalThis);
