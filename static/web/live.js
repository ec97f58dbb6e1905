// Live pages (issue 32 item 1; web/live.py): the round page, the league table, /me/ and a
// table's page keep up with their seasons without a reload. The script tag names the
// seasons' version addresses (data-live, /seasons/S/live/, one shared address per season
// that the proxy answers from its cache) and the counters the page was rendered at
// (data-versions, "-" when the page is not versioned: the first answer sets it). Every
// data-every ms while the tab is visible it asks them again (cache "no-cache": the browser
// sends If-None-Match, a 304 costs nothing); hidden, it waits, and when the tab is visible
// or the network is back it asks at once, so a page that lost its connection catches up.
// When a counter moved it fetches the page itself, saying the counters it wants
// (X-Live-Counters: one copy per counter in the proxy's cache, never the one kept from
// before the change); when its text differs from what the page showed (a change elsewhere
// in the season changes nothing here), in "swap" mode it puts its <main> in place (scroll,
// focus and open <details> kept; a form being filled in is never touched: then, and in
// "notice" mode, a line says the page changed, with a Reload button; so does a page that
// now sends to the sign-in), marks what changed (.live-changed) and says "Updated HH:MM" in
// a polite live region. A fetched page older than the counters (a proxy without the live
// key, or a web node behind) is not used: it asks again a second later. Without JavaScript
// nothing of this runs: the page is reloaded.
// The decisions are plain functions, tested on Node (tests/js/live.test.mjs).
(function (root, factory) {
  "use strict";
  var Live = factory();
  if (typeof module === "object" && module.exports) module.exports = Live;
  else Live.start(root.document);
}(this, function () {
  "use strict";
  var MAX_BACKOFF = 8; // after failures, wait at most this many periods
  var STALE_RETRY = 1000; // ms: after a copy older than the counter (the proxy's second)
  var MARKED = "tr, li, dd, dt, h1, h2, h3, p, .card, .badge";

  // The script tag's settings: addresses, known counters (null: unknown), mode and period.
  function config(attributes) {
    var urls = String(attributes.live || "").split(/\s+/).filter(Boolean);
    var versions = String(attributes.versions || "").split(/\s+/);
    return {
      urls: urls,
      known: urls.map(function (url, i) { return counter(versions[i]); }),
      mode: attributes.mode === "notice" ? "notice" : "swap",
      every: Math.max(500, parseInt(attributes.every, 10) || 2000)
    };
  }

  function counter(text) {
    return /^\d+$/.test(String(text)) ? parseInt(text, 10) : null;
  }

  // What the answers say: `known` with the unknown ones set (no change), and whether any
  // counter moved past what the page shows. An answer behind the page (a cache one second
  // late) is not a change; a missing answer (null) changes nothing.
  function advance(known, seen) {
    var next = known.slice();
    var moved = false;
    for (var i = 0; i < known.length; i++) {
      if (seen[i] === null || seen[i] === undefined) continue;
      if (known[i] === null) next[i] = seen[i];
      else if (seen[i] > known[i]) { next[i] = seen[i]; moved = true; }
    }
    return { known: next, moved: moved };
  }

  // A fetched page is new enough when every counter it was rendered at (null: not
  // versioned, so as fresh as it gets) is at least the wanted one.
  function current(rendered, wanted) {
    for (var i = 0; i < wanted.length; i++) {
      if (rendered[i] !== null && rendered[i] !== undefined && wanted[i] !== null &&
          rendered[i] < wanted[i]) return false;
    }
    return true;
  }

  // The counters a page is asked for at, as the X-Live-Counters header says them ("8",
  // "8-0"): the proxy keys its cached copies by it (deploy/nginx/whist.conf; the app never
  // reads it), so every open page of the same counters shares one copy rendered at them or
  // later, never the one the proxy kept from a second before the change.
  function counters(wanted) {
    return wanted.map(function (n) { return n === null || n === undefined ? 0 : n; }).join("-");
  }

  // The wait before the next poll: one period, longer after failures (the network is gone).
  function delay(every, failures) {
    return every * Math.min(MAX_BACKOFF, Math.pow(2, Math.max(0, failures)));
  }

  // Which of the new texts were not among the old ones (each old text matches once).
  function changed(oldTexts, newTexts) {
    var left = {};
    oldTexts.forEach(function (text) { left[text] = (left[text] || 0) + 1; });
    var out = [];
    newTexts.forEach(function (text, i) {
      if (left[text]) left[text] -= 1;
      else out.push(i);
    });
    return out;
  }

  // What to do with the page fetched after a counter moved: "stale" (an older copy: ask
  // again), "signed-out" (it sent to the sign-in: say so), "same" (nothing this page shows
  // changed), "notice" (a line with Reload: the page has forms of its own, or one is being
  // filled in) or "swap" (its <main> in place).
  function decide(fetched) {
    if (fetched.signedOut) return "signed-out";
    if (!fetched.fresh || !fetched.current) return "stale";
    if (fetched.same) return "same";
    if (fetched.mode === "notice" || fetched.filling) return "notice";
    return "swap";
  }

  // The poller, apart from the page: `io` gives get(url) -> Promise of the counter (null
  // when not known), update(known) -> Promise of true when the page took it, hidden(),
  // later(fn, ms) -> handle and cancel(handle).
  function poller(settings, io) {
    var known = settings.known.slice();
    var failures = 0;
    var busy = false;
    var timer = null;

    var behind = false; // the page fetched was older than the counter: ask again soon

    function schedule() {
      if (timer !== null) io.cancel(timer);
      timer = null;
      var wait = behind ? Math.min(settings.every, STALE_RETRY) : delay(settings.every, failures);
      if (!io.hidden()) timer = io.later(tick, wait);
    }

    function tick() {
      timer = null;
      if (busy || io.hidden()) return Promise.resolve();
      busy = true;
      return Promise.all(settings.urls.map(io.get)).then(function (seen) {
        failures = 0;
        behind = false;
        var step = advance(known, seen);
        if (!step.moved) { known = step.known; return null; }
        return io.update(step.known).then(function (taken) {
          if (taken) known = step.known;
          else behind = true;
        });
      }).catch(function () {
        failures += 1;
      }).then(function () {
        busy = false;
        schedule();
      });
    }

    return {
      start: schedule,
      // The tab is visible again, or the network is back: ask at once.
      wake: function () {
        if (timer !== null) io.cancel(timer);
        timer = null;
        failures = 0;
        return tick();
      },
      tick: tick,
      known: function () { return known.slice(); },
      failures: function () { return failures; }
    };
  }

  // --- The page ---------------------------------------------------------------------------

  function plain(element) {
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function texts(main) {
    return Array.prototype.map.call(main.querySelectorAll(MARKED), function (element) {
      return element.tagName + "|" + element.textContent.replace(/\s+/g, " ").trim();
    });
  }

  // A form being filled in: a field in focus, or one whose value differs from the page's.
  function filling(main) {
    var active = main.ownerDocument.activeElement;
    if (active && main.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) &&
        !active.readOnly && active.type !== "submit" && active.type !== "button") return true;
    return Array.prototype.some.call(main.querySelectorAll("input, textarea, select"), function (field) {
      if (field.readOnly || field.type === "hidden") return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return field.value !== field.defaultValue;
    });
  }

  function openDetails(main) {
    return Array.prototype.map.call(main.querySelectorAll("details"), function (d) { return d.open; });
  }

  function swap(main, fresh) {
    var doc = main.ownerDocument;
    var win = doc.defaultView;
    var x = win.scrollX, y = win.scrollY;
    var focused = doc.activeElement && main.contains(doc.activeElement) ? doc.activeElement.id : "";
    var opened = openDetails(main);
    var before = texts(main);
    main.replaceChildren.apply(main, Array.prototype.map.call(fresh.childNodes, function (node) {
      return doc.importNode(node, true);
    }));
    main.querySelectorAll("details").forEach(function (d, i) { if (opened[i]) d.open = true; });
    var elements = main.querySelectorAll(MARKED);
    // The innermost changed elements are marked, not every block around them: the last
    // first, so a block sees the marks inside it.
    changed(before, texts(main)).reverse().forEach(function (i) {
      var element = elements[i];
      if (!element.querySelector(".live-changed")) element.classList.add("live-changed");
    });
    if (focused && doc.getElementById(focused)) doc.getElementById(focused).focus({ preventScroll: true });
    win.scrollTo(x, y);
  }

  function clock(doc) {
    var lang = doc.documentElement.lang || undefined;
    return new Date().toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  }

  function start(doc) {
    var script = doc.currentScript;
    if (!script || !window.fetch || !window.DOMParser) return;
    var settings = config(script.dataset);
    if (!settings.urls.length) return;
    var words = script.dataset;
    var status = null;

    function say(text, reload) {
      var main = doc.querySelector("main");
      if (!status) {
        status = doc.createElement("p");
        status.className = "live-status";
        status.setAttribute("role", "status");
        status.setAttribute("aria-live", "polite");
        main.parentNode.insertBefore(status, main);
      }
      status.classList.toggle("live-notice", !!reload);
      status.textContent = text;
      if (reload) {
        var button = doc.createElement("button");
        button.type = "button";
        button.className = "button";
        button.textContent = words.reload;
        button.addEventListener("click", function () { window.location.reload(); });
        status.append(" ", button);
      }
    }

    function get(url) {
      return fetch(url, { cache: "no-cache", credentials: "omit", headers: { Accept: "application/json" } })
        .then(function (response) {
          if (!response.ok) throw new Error("live: " + response.status);
          return response.json();
        })
        .then(function (body) { return typeof body.version === "number" ? body.version : null; });
    }

    // The page's own text as it came (before anything was typed): a change of the season
    // that this page does not show (another table's result) updates nothing.
    var shown = plain(doc.querySelector("main"));

    function update(wanted) {
      var updated = words.updated.replace("%(time)s", clock(doc));
      return fetch(window.location.href, {
        cache: "no-cache",
        credentials: "same-origin",
        headers: { "X-Live-Counters": counters(wanted) }
      })
        .then(function (response) {
          // Signed out meanwhile (the sign-in page): say so, never swap it in.
          if (response.redirected) return null;
          if (!response.ok) throw new Error("page: " + response.status);
          return response.text();
        })
        .then(function (html) {
          var page = html === null ? null : new DOMParser().parseFromString(html, "text/html");
          var tag = page && page.querySelector("script[data-live]");
          var fresh = page && page.querySelector("main");
          var main = doc.querySelector("main");
          var what = decide({
            signedOut: html === null,
            fresh: !!fresh,
            current: current(tag ? config(tag.dataset).known : [], wanted),
            same: !!fresh && plain(fresh) === shown,
            mode: settings.mode,
            filling: filling(main)
          });
          if (what === "stale") return false;
          if (what === "signed-out") say(words.pageChanged, true);
          else if (what === "notice") say(words.pageChanged + " " + updated, true);
          else if (what === "swap") {
            shown = plain(fresh);
            swap(main, fresh);
            say(updated, false);
          }
          return true;
        });
    }

    var poll = poller(settings, {
      get: get,
      update: update,
      hidden: function () { return doc.visibilityState === "hidden"; },
      later: function (fn, ms) { return window.setTimeout(fn, ms); },
      cancel: function (handle) { window.clearTimeout(handle); }
    });
    doc.addEventListener("visibilitychange", function () { if (doc.visibilityState !== "hidden") poll.wake(); });
    window.addEventListener("online", function () { poll.wake(); });
    poll.start();
  }

  return {
    config: config,
    advance: advance,
    counters: counters,
    current: current,
    delay: delay,
    changed: changed,
    decide: decide,
    poller: poller,
    start: start
  };
}));
