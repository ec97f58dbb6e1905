// The phone sheet's own rules (static/web/sheet-rules.js), on Node's built-in test runner:
// what the sheet fills in for the player and what it asks for next. Run by scripts/test.sh
// (node --test tests/js/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Rules = require("../../static/web/sheet-rules.js");
const FIELD = "deal-{deal}-{name}";

// A sheet held in a plain object, read and written as the page's form is.
// `table`: {seats, tricks} for a table of three; four players and 13 tricks without it.
function sheet(table) {
  const values = {};
  const rules = Rules.make({
    get: (deal, name) => values[Rules.fieldName(FIELD, deal, name)] ?? "",
    set: (deal, name, value) => {
      values[Rules.fieldName(FIELD, deal, name)] = value === null ? "" : String(value);
    },
  }, table);
  const tap = (name, value) => {
    values[Rules.fieldName(FIELD, 0, name)] = String(value);
    rules.entered(0, name);
  };
  const bid = (trump, level) => {
    values[Rules.fieldName(FIELD, 0, "trump")] = trump;
    values[Rules.fieldName(FIELD, 0, "winning_bid")] = String(level);
    rules.entered(0);
  };
  const at = (name) => values[Rules.fieldName(FIELD, 0, name)] ?? "";
  return { rules, tap, bid, at };
}

test("field names follow the server's template, both ways", () => {
  assert.equal(Rules.fieldName(FIELD, 3, "contract-2"), "deal-3-contract-2");
  assert.deepEqual(Rules.fieldOf(FIELD, "deal-3-contract-2"), { deal: 3, name: "contract-2" });
  assert.deepEqual(Rules.fieldOf(FIELD, "deal-12"), { deal: 12, name: "" });
  assert.equal(Rules.fieldOf(FIELD, "score-1"), null);
  assert.equal(Rules.fieldOf(FIELD, "deal-x-trump"), null);
  assert.equal(Rules.fieldOf(FIELD, "deal-3-"), null);
});

test("a deal asks for the bid first, then the tricks in bidding order", () => {
  const { rules, bid, tap } = sheet();
  assert.equal(rules.nextTarget(0), "bid");
  bid("H", 6);
  assert.equal(rules.nextTarget(0), "tricks-0");
  tap("declarer", 2);
  assert.equal(rules.nextTarget(0), "tricks-2");
  tap("tricks-2", 7);
  assert.equal(rules.nextTarget(0), "tricks-3");
});

test("with three players' tricks tapped the fourth took the rest of the 13", () => {
  const { rules, tap, at } = sheet();
  tap("tricks-0", 3);
  tap("tricks-1", 4);
  assert.equal(at("tricks-3"), "");
  tap("tricks-2", 5);
  assert.equal(at("tricks-3"), "1");
  assert.ok(rules.isAuto(0, "tricks-3"));
  tap("tricks-2", 2);
  assert.equal(at("tricks-3"), "4", "the rest follows a change");
});

test("three players' tricks past 13 fill nothing in", () => {
  const { tap, at } = sheet();
  tap("tricks-0", 6);
  tap("tricks-1", 5);
  tap("tricks-2", 4);
  assert.equal(at("tricks-3"), "");
});

test("a tapped value is the player's, never replaced by the rest", () => {
  const { rules, tap, at } = sheet();
  tap("tricks-0", 3);
  tap("tricks-1", 4);
  tap("tricks-2", 5);
  tap("tricks-3", 2);
  assert.ok(!rules.isAuto(0, "tricks-3"));
  assert.equal(at("tricks-3"), "2");
});

function played() {
  const s = sheet();
  s.bid("S", 5);
  [2, 3, 5, 3].forEach((taken, seat) => s.tap(`tricks-${seat}`, taken));
  return s;
}

test("contracts stay empty until a tap says who missed: all made would total 13", () => {
  const { rules, at } = played();
  [0, 1, 2, 3].forEach((seat) => assert.equal(at(`contract-${seat}`), ""));
  assert.ok(!rules.presumed(0));
  assert.equal(rules.shownContract(0, 2), "5", "the buttons show made by default");
});

test("one missed contract: the others made theirs", () => {
  const { rules, tap, at } = played();
  tap("contract-2", 6);
  assert.deepEqual([0, 1, 2, 3].map((s) => at(`contract-${s}`)), ["2", "3", "6", "3"]);
  assert.ok(rules.isAuto(0, "contract-0") && !rules.isAuto(0, "contract-2"));
  assert.ok(rules.presumed(0));
});

test("contracts that would again total 13 are not filled in", () => {
  const { rules, tap, at } = played();
  tap("contract-2", 6);
  tap("contract-0", 1);
  // 1 + 6 tapped, 3 + 3 made: 13, which contracts never total.
  assert.equal(at("contract-1"), "");
  assert.equal(at("contract-3"), "");
  assert.ok(!rules.presumed(0));
});

test("the one player who contracted at least the bid is the declarer", () => {
  const { rules, tap, at } = played();
  tap("contract-2", 6);
  assert.equal(at("declarer"), "2");
  assert.ok(rules.isAuto(0, "declarer"));
  assert.equal(rules.nextTarget(0), null);
  assert.ok(rules.complete(0));
});

test("two players at the bid leave the declarer to the player", () => {
  const { rules, tap, at } = played();
  tap("contract-2", 6);
  tap("contract-1", 5);
  assert.equal(at("declarer"), "");
  assert.equal(rules.nextTarget(0), "declarer");
});

test("the sheet's names within a deal", () => {
  assert.deepEqual(Rules.NAMES, [
    "trump", "declarer", "winning_bid",
    "contract-0", "contract-1", "contract-2", "contract-3",
    "tricks-0", "tricks-1", "tricks-2", "tricks-3",
  ]);
  assert.ok(Rules.isPadField("tricks-3") && !Rules.isPadField("declarer"));
});

// --- a table of three (RULES.md 1.5): three seats, T tricks a deal (12, 13 or 17) -------

const DECKS = { "no-low-cards": 12, "no-clubs": 13, "one-card-out": 17 };

test("a table of three has three seats' fields and the deck's tricks", () => {
  for (const tricks of Object.values(DECKS)) {
    const { rules } = sheet({ seats: 3, tricks });
    assert.deepEqual(rules.seats, [0, 1, 2]);
    assert.equal(rules.tricks, tricks);
    assert.deepEqual(rules.names, Rules.namesFor(3));
  }
  assert.deepEqual(Rules.namesFor(3), [
    "trump", "declarer", "winning_bid",
    "contract-0", "contract-1", "contract-2",
    "tricks-0", "tricks-1", "tricks-2",
  ]);
  assert.deepEqual(Rules.namesFor(4), Rules.NAMES);
  const four = sheet().rules;
  assert.deepEqual([four.seats, four.tricks, four.names], [[0, 1, 2, 3], 13, Rules.NAMES]);
});

test("at three the tricks are asked in bidding order round three seats", () => {
  const { rules, bid, tap } = sheet({ seats: 3, tricks: 12 });
  assert.equal(rules.nextTarget(0), "bid");
  bid("H", 6);
  assert.equal(rules.nextTarget(0), "tricks-0");
  tap("declarer", 2);
  assert.equal(rules.nextTarget(0), "tricks-2");
  tap("tricks-2", 7);
  assert.equal(rules.nextTarget(0), "tricks-0");
  tap("tricks-0", 3);
  assert.equal(rules.nextTarget(0), null, "the third player's tricks are the rest");
});

test("with two players' tricks tapped the third took the rest of the deck's T", () => {
  for (const [deck, tricks] of Object.entries(DECKS)) {
    const { rules, tap, at } = sheet({ seats: 3, tricks });
    tap("tricks-0", 3);
    assert.equal(at("tricks-2"), "", deck);
    tap("tricks-1", 4);
    assert.equal(at("tricks-2"), String(tricks - 7), deck);
    assert.ok(rules.isAuto(0, "tricks-2"));
    assert.ok(rules.tricksDone(0));
    tap("tricks-1", 5);
    assert.equal(at("tricks-2"), String(tricks - 8), "the rest follows a change");
  }
});

test("two players' tricks past T fill nothing in at three", () => {
  const { tap, at } = sheet({ seats: 3, tricks: 12 });
  tap("tricks-0", 7);
  tap("tricks-1", 6);
  assert.equal(at("tricks-2"), "");
  const whole = sheet({ seats: 3, tricks: 12 });
  whole.tap("tricks-0", 7);
  whole.tap("tricks-1", 5);
  assert.equal(whole.at("tricks-2"), "0", "exactly T leaves the third none");
});

function playedAtThree(tricks, taken) {
  const s = sheet({ seats: 3, tricks });
  s.bid("S", 5);
  taken.slice(0, 2).forEach((t, seat) => s.tap(`tricks-${seat}`, t));
  return s;
}

test("at three contracts stay empty until a tap says who missed: all made would total T", () => {
  const { rules, at } = playedAtThree(12, [3, 6]);
  assert.equal(at("tricks-2"), "3");
  [0, 1, 2].forEach((seat) => assert.equal(at(`contract-${seat}`), ""));
  assert.ok(!rules.presumed(0));
  assert.equal(rules.shownContract(0, 1), "6", "the buttons show made by default");
  assert.ok(!rules.complete(0));
});

test("at three one missed contract: the other two made theirs, and the declarer follows", () => {
  for (const tricks of Object.values(DECKS)) {
    const { rules, tap, at } = playedAtThree(tricks, [3, 6]);
    tap("contract-1", 7);
    assert.deepEqual([0, 1, 2].map((s) => at(`contract-${s}`)),
      ["3", "7", String(tricks - 9)]);
    assert.ok(rules.isAuto(0, "contract-0") && !rules.isAuto(0, "contract-1"));
    assert.ok(rules.presumed(0));
    if (tricks - 9 < 5) {
      assert.equal(at("declarer"), "1", "the one player at the bid declared");
      assert.ok(rules.complete(0));
      assert.equal(rules.nextTarget(0), null);
    }
  }
});

test("at three contracts that would again total T are not filled in", () => {
  const { rules, tap, at } = playedAtThree(12, [3, 6]);
  tap("contract-1", 7);
  tap("contract-0", 2);
  // 2 + 7 tapped, 3 made: 12, which contracts never total.
  assert.equal(at("contract-2"), "");
  assert.ok(!rules.presumed(0));
});

test("at three two players at the bid leave the declarer to the player", () => {
  const { rules, tap, at } = playedAtThree(17, [6, 6]);
  tap("contract-0", 5);
  assert.equal(at("declarer"), "");
  assert.equal(rules.nextTarget(0), "declarer");
  tap("declarer", 1);
  assert.ok(rules.complete(0));
});

test("a deal at three is complete with its nine fields, never a fourth seat's", () => {
  const { rules, tap, at } = playedAtThree(12, [5, 4]);
  tap("contract-2", 2);
  assert.equal(at("contract-3"), "");
  assert.equal(rules.filled(0), 9);
  assert.ok(rules.complete(0));
});
