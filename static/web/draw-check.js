// The draw-check page (web/draw_check.py): redo a sha256-v1 draw from its published seed in
// the browser, then replay the organizer's recorded changes, and say whether both match.
// The same recipe as league/draw.py: players ordered by the hex SHA-256 of "seed:name"
// (ties by name), ranked players first in a ranking draw, seated 4 to a table in order.
(function () {
  "use strict";
  var TABLE_SIZE = 4;
  var SMALL_TABLE_SIZE = 3;
  var dataNode = document.getElementById("draw-check-data");
  var result = document.getElementById("draw-check-result");
  var tablesNode = document.getElementById("draw-check-tables");
  if (!dataNode || !result) return;
  var data = JSON.parse(dataNode.textContent);

  function hex(buffer) {
    return Array.prototype.map
      .call(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); })
      .join("");
  }

  function code(name) {
    var seed = data.seed === null ? "None" : data.seed;
    var bytes = new TextEncoder().encode(seed + ":" + name);
    return window.crypto.subtle.digest("SHA-256", bytes).then(hex);
  }

  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function seedOrder(names) {
    return Promise.all(names.map(code)).then(function (codes) {
      var keyed = names.map(function (name, i) { return { name: name, code: codes[i] }; });
      keyed.sort(function (a, b) { return compare(a.code, b.code) || compare(a.name, b.name); });
      return keyed.map(function (k) { return k.name; });
    });
  }

  // league/draw.py seat_in_order
  function seatInOrder(order, remainder) {
    var n = order.length;
    var leftover = n % TABLE_SIZE;
    var small = 0;
    if (remainder === "three-player" && leftover) {
      small = TABLE_SIZE - leftover;
      if (small * SMALL_TABLE_SIZE > n) small = 0;
    }
    var full = Math.floor((n - small * SMALL_TABLE_SIZE) / TABLE_SIZE);
    var tables = [];
    var position = 0;
    for (var i = 0; i < full + small; i++) {
      var size = i < full ? TABLE_SIZE : SMALL_TABLE_SIZE;
      tables.push(order.slice(position, position + size));
      position += size;
    }
    return { tables: tables, reserves: order.slice(position) };
  }

  // league/draw_check.py apply_changes: a swap or a reserve brought in exchanges two places.
  function applyChanges(tables, reserves, changes) {
    var lists = tables.map(function (t) { return t.slice(); });
    var waiting = reserves.slice();
    function place(name) {
      for (var i = 0; i < lists.length; i++) {
        var at = lists[i].indexOf(name);
        if (at >= 0) return [lists[i], at];
      }
      var w = waiting.indexOf(name);
      return w >= 0 ? [waiting, w] : null;
    }
    changes.forEach(function (change) {
      var a = place(change.players[0]);
      var b = place(change.players[1]);
      if (!a || !b) return;
      var held = a[0][a[1]];
      a[0][a[1]] = b[0][b[1]];
      b[0][b[1]] = held;
    });
    return { tables: lists, reserves: waiting };
  }

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function show(drawn) {
    tablesNode.textContent = "";
    drawn.tables.forEach(function (table, i) {
      var p = document.createElement("p");
      p.className = "recomputed-table";
      p.textContent = data.words.table.replace("%(number)s", i + 1) + ": " + table.join(", ");
      tablesNode.appendChild(p);
    });
    if (drawn.reserves.length) {
      var r = document.createElement("p");
      r.textContent = data.words.reserves + " " + drawn.reserves.join(", ");
      tablesNode.appendChild(r);
    }
  }

  function verdict(drawn) {
    show(drawn);
    if (!same(drawn.tables, data.tables) || !same(drawn.reserves, data.reserves)) {
      return { ok: false, text: data.words.mismatch };
    }
    var after = applyChanges(data.tables, data.reserves, data.changes);
    var nowReserves = data.now.reserves.slice().sort();
    if (!same(after.tables, data.now.tables) || !same(after.reserves.slice().sort(), nowReserves)) {
      return { ok: false, text: data.words.changes_mismatch };
    }
    return { ok: true, text: data.changes.length ? data.words.matches_with_changes : data.words.matches };
  }

  if (!window.crypto || !window.crypto.subtle || !window.TextEncoder) {
    result.textContent = data.words.no_crypto;
    result.className = "badge badge-warn";
    return;
  }
  var ranked = data.method === "ranking" ? data.ranking : [];
  var unranked = data.players.filter(function (name) { return ranked.indexOf(name) < 0; });
  seedOrder(unranked)
    .then(function (order) {
      var outcome = verdict(seatInOrder(ranked.concat(order), data.remainder));
      result.textContent = outcome.text;
      result.className = outcome.ok ? "badge badge-good" : "badge badge-bad";
    })
    .catch(function () {
      result.textContent = data.words.no_crypto;
      result.className = "badge badge-warn";
    });
})();
