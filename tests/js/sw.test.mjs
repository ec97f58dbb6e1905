// The service worker's decisions (static/web/sw.js), on Node's built-in test runner: which
// answers it keeps and under which key, which static files a kept page needs, and the
// offline page it shows in the site's language. The worker at work, in Chromium:
// tests/browser/test_offline.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Worker = require("../../static/web/sw.js");
const HEADER = "X-Offline-Store";
const KEY = "0123456789abcdef0123456789abcdef";

const page = (mode = "navigate", method = "GET") => ({ mode, method });
function answer({ status = 200, type = "basic", redirected = false, mark = KEY } = {}) {
  const headers = new Headers(mark === null ? {} : { [HEADER]: mark });
  return { status, type, redirected, headers };
}

test("a marked page of our own is kept under its key", () => {
  assert.equal(Worker.storeKey(page(), answer(), HEADER), KEY);
  assert.equal(Worker.cacheName(KEY), "whist-offline-" + KEY);
  assert.ok(Worker.isKept(Worker.cacheName(KEY)));
  assert.ok(!Worker.isKept("something-else"));
});

test("an unmarked page is never kept (public pages, pages that set a cookie)", () => {
  assert.equal(Worker.storeKey(page(), answer({ mark: null }), HEADER), "");
});

test("a mark that is not a key is not trusted", () => {
  for (const mark of ["", "../x", "ABCDEF0123456789", "0123"]) {
    assert.equal(Worker.storeKey(page(), answer({ mark }), HEADER), "", mark);
  }
});

test("only a plain 200 page read with GET is kept", () => {
  assert.equal(Worker.storeKey(page(), answer({ status: 302 }), HEADER), "");
  assert.equal(Worker.storeKey(page(), answer({ status: 500 }), HEADER), "");
  assert.equal(Worker.storeKey(page(), answer({ redirected: true }), HEADER), "");
  assert.equal(Worker.storeKey(page(), answer({ type: "opaque" }), HEADER), "");
  assert.equal(Worker.storeKey(page("navigate", "POST"), answer(), HEADER), "");
  assert.equal(Worker.storeKey(page("cors"), answer(), HEADER), "");
  assert.equal(Worker.storeKey(page(), undefined, HEADER), "");
});

test("a kept page's static files are its own origin's, each once", () => {
  const html = `<link rel="stylesheet" href="/static/web/site.abc.css">
    <script src="/static/web/sheet.js" defer></script><script src="/static/web/sheet.js"></script>
    <link rel="icon" href="/static/web/favicon.svg" type="image/svg+xml">
    <link rel="manifest" href="/manifest.webmanifest">
    <script src="https://cdn.example.org/static/x.js"></script>
    <a href="/static/web/not-loaded.css">a link, not a load</a>`;
  assert.deepEqual(Worker.staticAddresses(html, "https://whist.example.org/me/"), [
    "https://whist.example.org/static/web/site.abc.css",
    "https://whist.example.org/static/web/sheet.js",
    "https://whist.example.org/static/web/favicon.svg",
  ]);
});

const TEXTS = {
  en: { dir: "ltr", site: "Whist League", title: "No connection", message: "Not kept.", retry: "Try again", mine: "My rounds" },
  he: { dir: "rtl", site: "ליגת ויסט", title: "אין חיבור לרשת", message: "לא נשמר.", retry: "נסה שוב", mine: "המחזורים שלי" },
  ru: { dir: "ltr", site: "Лига виста", title: "Нет связи с сетью", message: "Нет.", retry: "Попробовать снова", mine: "Мои туры" },
};

test("the offline page speaks the page's language, else the phone's, else the site's", () => {
  assert.equal(Worker.language(TEXTS, ["he", "en-US"], "en"), "he");
  assert.equal(Worker.language(TEXTS, ["", "ru-RU", "en"], "en"), "ru");
  assert.equal(Worker.language(TEXTS, ["fr-FR", "de"], "en"), "en");
  assert.equal(Worker.language(TEXTS, ["constructor"], "en"), "en");
});

test("the offline page is in its language and direction, with a way back", () => {
  const html = Worker.offlinePage(TEXTS.he, "he", "https://whist.example.org/ratings/?a=1&b=<2>",
    { mine: "/me/", style: "/static/web/site.css" });
  assert.match(html, /^<!doctype html>\n<html lang="he" dir="rtl">/);
  assert.match(html, /<h1>אין חיבור לרשת<\/h1>/);
  assert.match(html, /<a href="https:\/\/whist\.example\.org\/ratings\/\?a=1&amp;b=&lt;2&gt;">נסה שוב<\/a>/);
  assert.match(html, /<a href="\/me\/">המחזורים שלי<\/a>/);
  assert.match(html, /<link rel="stylesheet" href="\/static\/web\/site\.css">/);
  assert.doesNotMatch(html, /<script/);
});
