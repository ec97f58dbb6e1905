// The service worker at work (static/web/sw.js), on Node's built-in test runner: the file
// runs in a sandbox whose `self` is a fake worker scope (its caches, fetch and events), so
// the network-first rule and what it keeps are checked request by request. The same in a
// real browser: tests/browser/test_offline.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../static/web/sw.js", import.meta.url), "utf8");
const ORIGIN = "https://whist.example.org";
const KEY_A = "a".repeat(32);
const KEY_B = "b".repeat(32);
const WORDS = { dir: "rtl", site: "ליגת ויסט", title: "אין חיבור לרשת", message: "לא נשמר.", retry: "נסה שוב", mine: "המחזורים שלי" };
const OPTIONS = {
  build: "test", header: "X-Offline-Store", mine: "/me/", style: "/static/web/site.css",
  policy: "default-src 'self'; script-src 'none'", fallback: "en",
  languages: { en: { ...WORDS, dir: "ltr", title: "No connection" }, he: WORDS },
};

class FakeCaches {
  constructor() { this.stores = new Map(); }
  async keys() { return [...this.stores.keys()]; }
  async delete(name) { return this.stores.delete(name); }
  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name);
    const scope = this;
    return {
      async put(url, response) { store.set(String(url), response); },
      async match(url) { const hit = store.get(String(url)); return hit ? hit.clone() : undefined; },
      async add(url) { store.set(String(url), await scope.fetch(url)); },
    };
  }
}

// A worker scope with a network that answers `pages` (address -> [body, headers]) or fails.
function worker(pages) {
  const listeners = {};
  const caches = new FakeCaches();
  const network = { up: true, asked: [] };
  const fetch = async (request) => {
    const url = typeof request === "string" ? request : request.url;
    network.asked.push(url);
    if (!network.up) throw new TypeError("Failed to fetch");
    const [body, headers] = pages[url] || ["not found", {}];
    const response = new Response(body, { status: pages[url] ? 200 : 404, headers });
    Object.defineProperty(response, "type", { value: "basic" });
    return response;
  };
  caches.fetch = fetch;
  const scope = {
    WHIST_WORKER: OPTIONS, caches, fetch, location: new URL(ORIGIN), navigator: { languages: ["he-IL"] },
    addEventListener: (type, listener) => { listeners[type] = listener; },
    skipWaiting() {}, clients: { claim: async () => {} },
  };
  vm.runInNewContext(SOURCE, { self: scope, fetch, URL, Response, Promise, module: undefined });
  const dispatch = async (type, event) => {
    const waits = [];
    let answer;
    listeners[type]({ ...event, respondWith: (p) => { answer = p; }, waitUntil: (p) => waits.push(p) });
    const response = answer ? await answer : undefined;
    await Promise.all(waits);
    return response;
  };
  return {
    caches, network,
    send: (request) => dispatch("fetch", { request }),
    open: (path, mode = "navigate") => dispatch("fetch", { request: { url: ORIGIN + path, method: "GET", mode } }),
    tell: (data) => dispatch("message", { data }),
  };
}

const marked = (key) => ({ "Content-Type": "text/html", "X-Offline-Store": key });
const ME = `<html><link rel="stylesheet" href="/static/web/site.css"><script src="/static/web/pwa.js"></script>mine</html>`;

test("while the network is up, every page is the network's, never the kept copy", async () => {
  const pages = { [ORIGIN + "/me/"]: ["first", marked(KEY_A)] };
  const phone = worker(pages);
  assert.equal(await (await phone.open("/me/")).text(), "first");
  pages[ORIGIN + "/me/"] = ["second", marked(KEY_A)];
  assert.equal(await (await phone.open("/me/")).text(), "second");
});

test("offline, a marked page comes back from its user's store, with its static files", async () => {
  const pages = {
    [ORIGIN + "/me/"]: [ME, marked(KEY_A)],
    [ORIGIN + "/static/web/site.css"]: ["css", {}],
    [ORIGIN + "/static/web/pwa.js"]: ["js", {}],
  };
  const phone = worker(pages);
  await phone.open("/me/");
  assert.deepEqual(await phone.caches.keys(), ["whist-offline-" + KEY_A]);
  phone.network.up = false;
  assert.equal(await (await phone.open("/me/")).text(), ME);
  assert.equal(await (await phone.open("/static/web/site.css", "no-cors")).text(), "css");
});

test("an unmarked page is not kept: offline it is the offline page, in the phone's language", async () => {
  const phone = worker({ [ORIGIN + "/ratings/"]: ["public", { "Content-Type": "text/html" }] });
  await phone.open("/ratings/");
  assert.deepEqual(await phone.caches.keys(), []);
  phone.network.up = false;
  const offline = await phone.open("/ratings/");
  assert.equal(offline.status, 503);
  assert.equal(offline.headers.get("Content-Security-Policy"), OPTIONS.policy);
  const html = await offline.text();
  assert.match(html, /<html lang="he" dir="rtl">/);
  assert.match(html, /<h1>אין חיבור לרשת<\/h1>/);
});

test("offline, the page the last page was in speaks first", async () => {
  const phone = worker({});
  await phone.tell({ user: "", lang: "en" });
  phone.network.up = false;
  assert.match(await (await phone.open("/seasons/")).text(), /<h1>No connection<\/h1>/);
});

test("another user's page on the phone replaces the first user's store", async () => {
  const pages = { [ORIGIN + "/me/"]: ["alice", marked(KEY_A)] };
  const phone = worker(pages);
  await phone.open("/me/");
  pages[ORIGIN + "/me/"] = ["bob", marked(KEY_B)];
  await phone.open("/me/");
  assert.deepEqual(await phone.caches.keys(), ["whist-offline-" + KEY_B]);
  phone.network.up = false;
  assert.equal(await (await phone.open("/me/")).text(), "bob");
});

test("a page of nobody signed in, or of someone else, drops what was kept", async () => {
  const phone = worker({ [ORIGIN + "/me/"]: ["alice", marked(KEY_A)] });
  await phone.open("/me/");
  await phone.tell({ user: KEY_A, lang: "he" });
  assert.deepEqual(await phone.caches.keys(), ["whist-offline-" + KEY_A]);
  await phone.tell({ user: KEY_B, lang: "he" });
  assert.deepEqual(await phone.caches.keys(), []);
  await phone.open("/me/");
  await phone.tell({ user: "", lang: "he" });
  assert.deepEqual(await phone.caches.keys(), []);
  phone.network.up = false;
  assert.match(await (await phone.open("/me/")).text(), /<h1>אין חיבור לרשת<\/h1>/);
});

test("posts, other origins and the pages' own requests are left to the browser", async () => {
  const phone = worker({});
  const posted = await phone.send({ url: ORIGIN + "/tables/1/draft/", method: "POST", mode: "cors" });
  const elsewhere = await phone.send({ url: "https://cdn.example.org/x.js", method: "GET", mode: "no-cors" });
  const asked = await phone.send({ url: ORIGIN + "/seasons/s/live/", method: "GET", mode: "cors" });
  assert.deepEqual([posted, elsewhere, asked], [undefined, undefined, undefined]);
  assert.deepEqual(phone.network.asked, []);
});
