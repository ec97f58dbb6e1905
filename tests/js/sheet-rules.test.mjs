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
function sheet() {
  const values = {};
  const rules = Rules.make({
    get: (deal, name) => values[Rules.fieldName(FIELD, deal, name)] ?? "",
    set: (deal, name, value) => {
      values[Rules.fieldName(FIELD, deal, name)] = value === null ? "" : String(value);
    },
  });
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
