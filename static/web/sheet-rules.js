// The phone sheet's own rules (static/web/sheet.js draws the page): what the sheet fills in
// for the player and what it asks for next. Never checks: the server decides what is valid.
// Apart from the page so that Node's test runner checks them (tests/js/sheet-rules.test.mjs).
//
// A sheet is read and written through `values`: get(deal, name) -> the field's text ("" when
// empty) and set(deal, name, text or null). Field names within a deal: trump, declarer,
// winning_bid, contract-S and tricks-S for seats S = 0..3 (0..2 at a table of three); the
// form's own names come from the server's template (`deal-{deal}-{name}`,
// games.sheets.FIELD), read by fieldName and fieldOf. The table is four players and 13
// tricks unless make's second argument says otherwise: {seats: 3, tricks: T} for three
// players, T the deck's tricks a deal (12, 13 or 17; scoring/decks.py).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.SheetRules = factory();
}(this, function () {
  "use strict";
  var TRICKS = 13;
  function seatList(count) {
    var out = [];
    for (var s = 0; s < count; s++) out.push(s);
    return out;
  }
  // A deal's field names at a table of `count` seats (games.sheet_fields.deal_fields).
  function namesFor(count) {
    var seats = seatList(count);
    return ["trump", "declarer", "winning_bid"]
      .concat(seats.map(function (s) { return "contract-" + s; }))
      .concat(seats.map(function (s) { return "tricks-" + s; }));
  }
  var SEATS = seatList(4);
  var NAMES = namesFor(4);

  // The form's name of a deal's field, from the server's template.
  function fieldName(template, deal, name) {
    return template.replace("{deal}", String(deal)).replace("{name}", name);
  }
  // The deal and the name within it of a form's field name, or of a whole deal's (name ""):
  // null when the template does not make it.
  function fieldOf(template, field) {
    var head = template.split("{deal}")[0];
    var between = template.split("{deal}")[1].split("{name}")[0];
    if (field.indexOf(head) !== 0) return null;
    var rest = field.slice(head.length);
    var digits = /^\d+/.exec(rest);
    if (!digits) return null;
    rest = rest.slice(digits[0].length);
    if (rest === "") return { deal: Number(digits[0]), name: "" };
    if (rest.indexOf(between) !== 0 || rest.length === between.length) return null;
    return { deal: Number(digits[0]), name: rest.slice(between.length) };
  }
  function isPadField(name) { return !!name && /^(contract|tricks)-\d$/.test(name); }

  // `table`: {seats, tricks}, four players and 13 tricks when left out.
  function make(values, table) {
    var get = values.get;
    var set = values.set;
    var SEATS = seatList(table && table.seats ? table.seats : 4);
    var TRICKS = table && table.tricks ? table.tricks : 13;
    var NAMES = namesFor(SEATS.length);
    var auto = {};      // deal:name -> true while its value was filled for the player
    var presumed = {};  // deal -> true while some players' contracts are "made" by default

    function key(deal, name) { return deal + ":" + name; }
    function number(deal, name) {
      var value = get(deal, name);
      return /^\d+$/.test(value) ? parseInt(value, 10) : null;
    }
    function filled(deal) { return NAMES.filter(function (n) { return get(deal, n) !== ""; }).length; }
    function complete(deal) { return filled(deal) === NAMES.length; }
    function biddingOrder(deal) {
      var declarer = number(deal, "declarer");
      var first = declarer === null ? 0 : declarer;
      return SEATS.map(function (step) { return (first + step) % SEATS.length; });
    }
    function clearAuto(deal, name) {
      if (!auto[key(deal, name)]) return;
      set(deal, name, "");
      delete auto[key(deal, name)];
    }
    function fillAuto(deal, name, value) {
      set(deal, name, value);
      auto[key(deal, name)] = true;
    }
    function bidDone(deal) { return get(deal, "trump") !== "" && get(deal, "winning_bid") !== ""; }
    function contracts(deal) { return SEATS.map(function (s) { return number(deal, "contract-" + s); }); }
    function contractsDone(deal) { return contracts(deal).indexOf(null) === -1; }
    function tricks(deal) { return SEATS.map(function (s) { return number(deal, "tricks-" + s); }); }
    function tricksDone(deal) { return tricks(deal).indexOf(null) === -1; }

    // The next value the player is asked for: the bid, the tricks (in bidding order once the
    // declarer is known; the last is the rest of the tricks); then the contracts, which are
    // all on the card at once (null), and the declarer if the contracts do not tell.
    // Tricks come first because they add up to the deal's tricks: three taps give all four
    // (two give all three), and then only the players who missed need a tap (contracts
    // never add up to them).
    function nextTarget(deal) {
      if (!bidDone(deal)) return "bid";
      var order = biddingOrder(deal);
      for (var i = 0; i < order.length; i++) {
        if (get(deal, "tricks-" + order[i]) === "") return "tricks-" + order[i];
      }
      if (get(deal, "declarer") === "" && contractsDone(deal)) return "declarer";
      return null;
    }

    // With every other player's tricks tapped, the last took the rest.
    function lastTricks(deal) {
      SEATS.forEach(function (s) { clearAuto(deal, "tricks-" + s); });
      var tapped = SEATS.filter(function (s) { return get(deal, "tricks-" + s) !== ""; });
      if (tapped.length !== SEATS.length - 1) return;
      var sum = 0;
      for (var i = 0; i < tapped.length; i++) {
        var taken = number(deal, "tricks-" + tapped[i]);
        if (taken === null) return;
        sum += taken;
      }
      var left = SEATS.filter(function (s) { return tapped.indexOf(s) === -1; })[0];
      if (sum <= TRICKS) fillAuto(deal, "tricks-" + left, TRICKS - sum);
    }
    // The declarer's contract is at least his winning bid: when one player alone contracted
    // that much, he is the declarer.
    function declarerFromContracts(deal) {
      clearAuto(deal, "declarer");
      var bid = number(deal, "winning_bid");
      if (get(deal, "declarer") !== "" || bid === null || !contractsDone(deal)) return;
      var all = contracts(deal);
      var candidates = SEATS.filter(function (s) { return all[s] >= bid; });
      if (candidates.length === 1) fillAuto(deal, "declarer", candidates[0]);
    }
    // Contracts: each player contracted the tricks he took (made) unless the player tapped
    // otherwise. All "made" would add up to the deal's tricks, which contracts never do, so
    // nothing is filled in until a tap says who missed; then the others are filled in as
    // made, unless that again adds up to the tricks. Until then they stay empty, so the deal
    // is not finished (nor marked wrong) half-way.
    function settleContracts(deal) {
      presumed[deal] = false;
      SEATS.forEach(function (s) { clearAuto(deal, "contract-" + s); });
      if (!tricksDone(deal)) return;
      var taken = tricks(deal);
      var tapped = SEATS.filter(function (s) { return get(deal, "contract-" + s) !== ""; });
      var left = SEATS.filter(function (s) { return tapped.indexOf(s) === -1; });
      if (!tapped.length || !left.length) return;
      var sum = 0;
      for (var i = 0; i < tapped.length; i++) {
        var contract = number(deal, "contract-" + tapped[i]);
        if (contract === null) return;
        sum += contract;
      }
      var made = left.reduce(function (total, s) { return total + taken[s]; }, sum);
      if (made === TRICKS) return;
      left.forEach(function (s) { fillAuto(deal, "contract-" + s, taken[s]); });
      presumed[deal] = true;
    }

    return {
      seats: SEATS,
      tricks: TRICKS,
      names: NAMES,
      number: number,
      filled: filled,
      complete: complete,
      bidDone: bidDone,
      tricksDone: tricksDone,
      nextTarget: nextTarget,
      // After the player set `name` of `deal` (or, without a name, the bid): it is his now,
      // and what the rules fill in follows.
      entered: function (deal, name) {
        if (name) delete auto[key(deal, name)];
        lastTricks(deal);
        settleContracts(deal);
        declarerFromContracts(deal);
      },
      // Whether the sheet filled the field in for the player.
      isAuto: function (deal, name) { return !!auto[key(deal, name)]; },
      // Whether the deal was finished by presuming the players not tapped made their contracts.
      presumed: function (deal) { return !!presumed[deal]; },
      // What a contract button shows as chosen: the value, or the tricks (made) by default.
      shownContract: function (deal, seat) {
        var value = get(deal, "contract-" + seat);
        if (value !== "" || !tricksDone(deal)) return value;
        return get(deal, "tricks-" + seat);
      }
    };
  }

  return {
    SEATS: SEATS,
    TRICKS: TRICKS,
    NAMES: NAMES,
    namesFor: namesFor,
    fieldName: fieldName,
    fieldOf: fieldOf,
    isPadField: isPadField,
    make: make
  };
}));
