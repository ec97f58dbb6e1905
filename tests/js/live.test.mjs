// The live pages' poller (static/web/live.js), on Node's built-in test runner: what the
// version answers mean, when a fetched page is new enough, what is marked changed, and how
// the poller waits, backs off and catches up. Run by scripts/test.sh (node --test tests/js/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Live = require("../../static/web/live.js");

test("the script tag's settings: addresses, known counters, mode and period", () => {
  const settings = Live.config({ live: "/seasons/a/live/ /seasons/b/live/", versions: "7 -", mode: "swap", every: "2500" });
  assert.deepEqual(settings.urls, ["/seasons/a/live/", "/seasons/b/live/"]);
  assert.deepEqual(settings.known, [7, null]);
  assert.equal(settings.mode, "swap");
  assert.equal(settings.every, 2500);
});

test("an unknown mode is swap, a period never below half a second", () => {
  const settings = Live.config({ live: "/x/", versions: "", mode: "sideways", every: "10" });
  assert.equal(settings.mode, "swap");
  assert.equal(settings.every, 500);
  assert.deepEqual(settings.known, [null]);
});

test("a counter past the page's is a change; the first answer only sets an unknown one", () => {
  assert.deepEqual(Live.advance([7, null], [8, 3]), { known: [8, 3], moved: true });
  assert.deepEqual(Live.advance([7, null], [7, 3]), { known: [7, 3], moved: false });
});

test("an answer behind the page (a cache a second late) or missing is no change", () => {
  assert.deepEqual(Live.advance([7], [6]), { known: [7], moved: false });
  assert.deepEqual(Live.advance([7], [null]), { known: [7], moved: false });
});

test("a fetched page older than the counters is not used; an unversioned one is", () => {
  assert.equal(Live.current([7], [8]), false);
  assert.equal(Live.current([8], [8]), true);
  assert.equal(Live.current([null], [8]), true);
  assert.equal(Live.current([], [8]), true);
});

test("the page is asked for at the counters wanted, an unknown one as 0", () => {
  assert.equal(Live.counters([8]), "8");
  assert.equal(Live.counters([8, null, 3]), "8-0-3");
});

test("after failures the wait doubles, up to eight periods", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 9].map((n) => Live.delay(1000, n)), [1000, 2000, 4000, 8000, 8000, 8000]);
});

test("what changed: the new texts that were not there before, each old one matching once", () => {
  assert.deepEqual(Live.changed(["a", "b", "b"], ["a", "b", "c", "b", "b"]), [2, 4]);
  assert.deepEqual(Live.changed(["a"], ["a"]), []);
});

test("the page fetched: an older copy waits, the same text changes nothing", () => {
  const page = { signedOut: false, fresh: true, current: true, same: false, mode: "swap", filling: false };
  assert.equal(Live.decide(page), "swap");
  assert.equal(Live.decide({ ...page, current: false }), "stale");
  assert.equal(Live.decide({ ...page, fresh: false }), "stale");
  assert.equal(Live.decide({ ...page, same: true }), "same");
  assert.equal(Live.decide({ ...page, same: true, mode: "notice" }), "same");
});

test("a page with forms of its own, or one being filled in, is never replaced", () => {
  const page = { signedOut: false, fresh: true, current: true, same: false, mode: "swap", filling: false };
  assert.equal(Live.decide({ ...page, mode: "notice" }), "notice");
  assert.equal(Live.decide({ ...page, filling: true }), "notice");
});

test("a page that now sends to the sign-in is never swapped in", () => {
  assert.equal(Live.decide({ signedOut: true, fresh: true, current: true, mode: "swap" }), "signed-out");
});

// A poller on fake timers and a fake network.
function harness(options = {}) {
  const state = { hidden: false, timers: [], online: true, version: 1, updates: [], take: true };
  const io = {
    get: () => (state.online ? Promise.resolve(state.version) : Promise.reject(new Error("offline"))),
    update: (known) => { state.updates.push(known); return Promise.resolve(state.take); },
    hidden: () => state.hidden,
    later: (fn, ms) => { state.timers.push({ fn, ms }); return state.timers.length; },
    cancel: (handle) => { if (state.timers[handle - 1]) state.timers[handle - 1].cancelled = true; },
  };
  const every = options.every ?? 1000;
  const poll = Live.poller({ urls: ["/seasons/a/live/"], known: [options.known ?? 1], every }, io);
  const pending = () => state.timers.filter((t) => !t.cancelled && !t.ran);
  const run = async () => {
    const [timer] = pending();
    timer.ran = true;
    await timer.fn();
  };
  return { state, poll, pending, run };
}

test("with nothing changing, the poller asks every period and updates nothing", async () => {
  const { state, poll, pending, run } = harness();
  poll.start();
  await run();
  await run();
  assert.deepEqual(state.updates, []);
  assert.deepEqual(pending().map((t) => t.ms), [1000]);
});

test("a moved counter updates the page once", async () => {
  const { state, poll, run } = harness();
  poll.start();
  state.version = 2;
  await run();
  await run();
  assert.deepEqual(state.updates, [[2]]);
  assert.deepEqual(poll.known(), [2]);
});

test("a page not taken (a stale copy) is tried again a second later", async () => {
  const { state, poll, pending, run } = harness({ every: 2500 });
  poll.start();
  state.version = 2;
  state.take = false;
  await run();
  assert.deepEqual(pending().map((t) => t.ms), [1000]);
  state.take = true;
  await run();
  assert.deepEqual(state.updates, [[2], [2]]);
  assert.deepEqual(poll.known(), [2]);
  assert.deepEqual(pending().map((t) => t.ms), [2500]);
});

test("a hidden tab waits; visible again, it asks at once", async () => {
  const { state, poll, pending } = harness();
  state.hidden = true;
  poll.start();
  assert.equal(pending().length, 0);
  state.hidden = false;
  state.version = 3;
  await poll.wake();
  assert.deepEqual(state.updates, [[3]]);
  assert.equal(pending().length, 1);
});

test("offline, it backs off; back online, it catches up at once", async () => {
  const { state, poll, pending, run } = harness();
  poll.start();
  state.online = false;
  await run();
  await run();
  assert.equal(poll.failures(), 2);
  assert.deepEqual(pending().map((t) => t.ms), [4000]);
  state.online = true;
  state.version = 5;
  await poll.wake();
  assert.deepEqual(state.updates, [[5]]);
  assert.equal(poll.failures(), 0);
  assert.deepEqual(pending().map((t) => t.ms), [1000]);
});
