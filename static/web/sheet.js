// The phone deal sheet (templates/games/_deal_sheet.html): one deal at a time with big
// buttons, writing into the sheet form's own fields, so the form submits exactly as it does
// without scripts and the server checks everything. Here: the conveniences only (the
// declarer's contract taken from the winning bid, the last player's tricks as 13 minus the
// others'), the running totals the server's check gives, and a draft that survives
// (the server's copy, or this phone's when it is newer or the network is down).
(function () {
  "use strict";
  var root = document.getElementById("deal-sheet");
  var configNode = document.getElementById("sheet-config");
  if (!root || !configNode) return;
  var form = root.closest("form");
  var config = JSON.parse(configNode.textContent);
  var text = root.dataset;
  var SEATS = [0, 1, 2, 3];
  var NAMES = ["trump", "declarer", "winning_bid"]
    .concat(SEATS.map(function (s) { return "contract-" + s; }))
    .concat(SEATS.map(function (s) { return "tricks-" + s; }));

  var current = 0;
  var target = null;
  var auto = {};          // field name -> true while its value was filled for the player
  var stale = {};         // deal index -> true while the server has not checked its change
  var checked = [];       // per deal, the server's word: {messages: {field: [...]}, scores}
  var sheetResult = null; // the whole sheet: {valid, scores} (the engine's totals when valid)
  var lastChanged = 0;
  var checkSerial = 0;
  var checkTimer = null;
  var saveTimer = null;
  var inFlight = null;    // the draft being sent to the server, if any
  var advanceAfterCheck = null;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }
  function input(deal, name) { return form.elements["deal-" + deal + "-" + name]; }
  function get(deal, name) { var el = input(deal, name); return el ? el.value : ""; }
  function set(deal, name, value) {
    var el = input(deal, name);
    if (el) el.value = value === null ? "" : String(value);
  }
  function number(deal, name) {
    var value = get(deal, name);
    return /^\d+$/.test(value) ? parseInt(value, 10) : null;
  }
  function filled(deal) { return NAMES.filter(function (n) { return get(deal, n) !== ""; }).length; }
  function biddingOrder(deal) {
    var declarer = number(deal, "declarer");
    var first = declarer === null ? 0 : declarer;
    return SEATS.map(function (step) { return (first + step) % 4; });
  }
  // The values the player taps, in the order of the game; the rest is filled for him.
  function flow(deal) {
    var order = biddingOrder(deal);
    return ["winning_bid"]
      .concat(order.slice(1).map(function (s) { return "contract-" + s; }))
      .concat(order.slice(0, 3).map(function (s) { return "tricks-" + s; }));
  }
  function key(deal, name) { return deal + ":" + name; }

  // --- conveniences (never checks: the server decides what is valid) -------------------
  function declarerContractFromBid(deal) {
    var declarer = number(deal, "declarer");
    SEATS.forEach(function (s) {
      if (auto[key(deal, "contract-" + s)] && s !== declarer) {
        set(deal, "contract-" + s, "");
        delete auto[key(deal, "contract-" + s)];
      }
    });
    var bid = get(deal, "winning_bid");
    if (declarer === null || bid === "") return;
    var name = "contract-" + declarer;
    if (get(deal, name) === "" || auto[key(deal, name)]) {
      set(deal, name, bid);
      auto[key(deal, name)] = true;
    }
  }
  function lastTricks(deal) {
    var empty = SEATS.filter(function (s) {
      return get(deal, "tricks-" + s) === "" || auto[key(deal, "tricks-" + s)];
    });
    if (empty.length !== 1) return;
    var sum = 0;
    SEATS.forEach(function (s) { if (s !== empty[0]) sum += number(deal, "tricks-" + s) || 0; });
    var name = "tricks-" + empty[0];
    if (sum <= 13) {
      set(deal, name, 13 - sum);
      auto[key(deal, name)] = true;
    } else if (auto[key(deal, name)]) {
      set(deal, name, "");
      delete auto[key(deal, name)];
    }
  }
  function shortcuts(deal) {
    var contracts = SEATS.map(function (s) { return number(deal, "contract-" + s); });
    var anyTricks = SEATS.some(function (s) {
      return get(deal, "tricks-" + s) !== "" && !auto[key(deal, "tricks-" + s)];
    });
    if (contracts.indexOf(null) !== -1 || anyTricks) return [];
    var total = contracts.reduce(function (a, b) { return a + b; }, 0);
    return biddingOrder(deal).map(function (seat) {
      return { seat: seat, tricks: 13 - (total - contracts[seat]) };
    }).filter(function (option) {
      return option.tricks >= 0 && option.tricks <= 13 && option.tricks !== contracts[option.seat];
    });
  }
  function nextTarget(deal) {
    var names = flow(deal);
    for (var i = 0; i < names.length; i++) {
      if (get(deal, names[i]) === "") return names[i];
    }
    return null;
  }

  // --- state of each deal, from the fields and the server's answer ---------------------
  // Messages for what the player entered: while a deal is unfinished, only about the
  // values it has (an empty field is not yet a mistake).
  function problems(deal) {
    var entry = checked[deal];
    if (!entry || stale[deal]) return [];
    var complete = filled(deal) === NAMES.length;
    var out = [];
    Object.keys(entry.messages).forEach(function (name) {
      if (!complete && (name === "" || get(deal, name) === "")) return;
      entry.messages[name].forEach(function (message) { out.push({ field: name, message: message }); });
    });
    return out;
  }
  function dealState(deal) {
    var count = filled(deal);
    if (count === 0) return "empty";
    if (problems(deal).length) return "problem";
    return count === NAMES.length ? "complete" : "progress";
  }
  function dealScores(deal) {
    var entry = checked[deal];
    return entry && !stale[deal] ? entry.scores : null;
  }

  // --- drawing -------------------------------------------------------------------------
  function render() {
    root.querySelector("[data-deal-number]").textContent = String(current + 1);
    root.querySelectorAll("[data-pick]").forEach(function (button) {
      var on = get(current, button.dataset.pick) === button.dataset.value;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    root.querySelectorAll("[data-cell]").forEach(function (cell) {
      var name = cell.dataset.cell;
      cell.querySelector("[data-value]").textContent = get(current, name);
      cell.classList.toggle("is-target", name === target);
      cell.classList.toggle("is-auto", !!auto[key(current, name)]);
      cell.classList.remove("has-problem");
    });
    var declarer = number(current, "declarer");
    root.querySelectorAll("[data-seat-row]").forEach(function (row) {
      row.classList.toggle("is-declarer", Number(row.dataset.seatRow) === declarer);
    });
    var scores = dealScores(current);
    root.querySelectorAll("[data-deal-score]").forEach(function (cell) {
      cell.textContent = scores ? String(scores[Number(cell.dataset.dealScore)]) : "";
    });
    var label = root.querySelector("[data-target-label]");
    if (target === "winning_bid") {
      label.textContent = text.textBid;
    } else if (target) {
      var parts = target.split("-");
      label.textContent = fill(parts[0] === "contract" ? text.textContract : text.textTricks,
        { name: config.players[Number(parts[1])] });
    } else {
      label.textContent = "";
    }
    root.querySelectorAll("[data-number]").forEach(function (button) {
      var n = Number(button.dataset.number);
      button.disabled = !target || (target === "winning_bid" && n < config.minimumBid);
      button.setAttribute("aria-pressed", target && get(current, target) === String(n) ? "true" : "false");
    });
    var holder = root.querySelector("[data-shortcuts]");
    holder.textContent = "";
    shortcuts(current).forEach(function (option) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "shortcut";
      button.dataset.shortcutSeat = String(option.seat);
      button.dataset.shortcutTricks = String(option.tricks);
      button.textContent = fill(text.textShortcut, { name: config.players[option.seat], tricks: option.tricks });
      holder.appendChild(button);
    });
    var list = root.querySelector("[data-problems]");
    list.textContent = "";
    problems(current).forEach(function (problem) {
      var item = document.createElement("li");
      item.className = "error";
      item.textContent = problem.message;
      list.appendChild(item);
      var cell = root.querySelector('[data-cell="' + problem.field + '"]');
      if (cell) cell.classList.add("has-problem");
    });
    root.querySelectorAll("[data-goto]").forEach(function (chip) {
      var deal = Number(chip.dataset.goto);
      var state = dealState(deal);
      chip.className = "deal-chip state-" + state;
      chip.setAttribute("aria-label", fill(text.textDealLabel,
        { number: deal + 1, state: text["textState" + state.charAt(0).toUpperCase() + state.slice(1)] }));
      if (deal === current) chip.setAttribute("aria-current", "step");
      else chip.removeAttribute("aria-current");
    });
    root.querySelector('[data-step="-1"]').disabled = current === 0;
    root.querySelector('[data-step="1"]').disabled = current === config.deals - 1;
    renderTotals();
  }
  function renderTotals() {
    var totals = [0, 0, 0, 0];
    var done = 0;
    for (var deal = 0; deal < config.deals; deal++) {
      var scores = dealScores(deal);
      if (!scores) continue;
      done += 1;
      scores.forEach(function (score, seat) { totals[seat] += score; });
    }
    var final = sheetResult && sheetResult.valid && sheetResult.scores;
    if (final) totals = sheetResult.scores;
    root.querySelector("[data-totals-title]").textContent = final
      ? text.textFinal : fill(text.textAfter, { done: done, total: config.deals });
    root.querySelectorAll("[data-total]").forEach(function (cell) {
      cell.textContent = String(totals[Number(cell.dataset.total)]);
    });
  }
  function status(message) { root.querySelector("[data-status]").textContent = message; }

  // --- moving between deals --------------------------------------------------------------
  function go(deal, scroll) {
    current = Math.max(0, Math.min(config.deals - 1, deal));
    target = nextTarget(current);
    advanceAfterCheck = null;
    render();
    // The next deal starts at its trump: bring the card's top under the sticky totals.
    if (scroll) root.querySelector(".deal-card").scrollIntoView({ block: "start" });
  }
  function firstUnfinished() {
    for (var deal = 0; deal < config.deals; deal++) {
      if (filled(deal) !== NAMES.length) return deal;
    }
    return config.deals - 1;
  }

  // --- the player's taps ------------------------------------------------------------------
  function changed(deal) {
    stale[deal] = true;
    lastChanged = deal;
    target = nextTarget(deal);
    if (filled(deal) === NAMES.length) advanceAfterCheck = deal;
    render();
    scheduleCheck();
    scheduleSave();
  }
  root.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !root.contains(button)) return;
    var data = button.dataset;
    if (data.pick) {
      set(current, data.pick, data.value);
      if (data.pick === "declarer") declarerContractFromBid(current);
      changed(current);
    } else if (data.number !== undefined && target) {
      set(current, target, data.number);
      delete auto[key(current, target)];
      if (target === "winning_bid") declarerContractFromBid(current);
      if (target.indexOf("tricks-") === 0) lastTricks(current);
      changed(current);
    } else if (data.cell) {
      target = data.cell;
      render();
    } else if (data.shortcutSeat !== undefined) {
      var seat = Number(data.shortcutSeat);
      SEATS.forEach(function (s) {
        set(current, "tricks-" + s, s === seat ? data.shortcutTricks : get(current, "contract-" + s));
        delete auto[key(current, "tricks-" + s)];
      });
      changed(current);
    } else if (data.step) {
      go(current + Number(data.step), true);
    } else if (data.goto !== undefined) {
      go(Number(data.goto), true);
    }
  });

  // --- the server's check (the only judge of the rules) --------------------------------
  function fields() {
    var out = {};
    for (var deal = 0; deal < config.deals; deal++) {
      NAMES.forEach(function (name) {
        var value = get(deal, name);
        if (value !== "") out["deal-" + deal + "-" + name] = value;
      });
    }
    return out;
  }
  function csrf() { return form.elements.csrfmiddlewaretoken.value; }
  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body)
    });
  }
  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkSerial += 1;  // an answer already on its way is about older fields: ignore it
    checkTimer = setTimeout(check, 150);
  }
  function check() {
    var serial = ++checkSerial;
    var body = fields();
    // While deals are missing, ask only about the deal just changed (a few hundred bytes);
    // once every deal is filled in, ask for the whole sheet's verdict.
    if (!everyDealFilled()) body.deal = lastChanged;
    post(config.checkUrl, body).then(function (response) { return response.json(); })
      .then(function (result) {
        if (serial !== checkSerial) return;
        if (result.error) { status(result.error); return; }
        absorb(result);
        stale = {};
        var deal = advanceAfterCheck;
        advanceAfterCheck = null;
        if (deal === current && dealScores(deal)) {
          if (deal < config.deals - 1) { go(deal + 1, true); return; }
          if (sheetResult.valid) {
            status(text.textAllDone);
            form.querySelector("button[type=submit]").scrollIntoView({ block: "center" });
          }
        }
        render();
      })
      .catch(function () {
        if (serial !== checkSerial) return;
        // No answer (offline): a finished deal still moves on; the server checks it later.
        var deal = advanceAfterCheck;
        advanceAfterCheck = null;
        if (deal === current && deal < config.deals - 1) go(deal + 1, true);
      });
  }

  // The check's answer: `fields` ("deal-3-contract-2": [messages]) and `deals` (each deal's
  // verdict by index: a list of every deal, or an object naming only the deals it checked).
  function everyDealFilled() {
    for (var deal = 0; deal < config.deals; deal += 1) {
      if (filled(deal) < NAMES.length) return false;
    }
    return true;
  }
  function absorb(result) {
    var oneDeal = typeof result.deal === "number";
    var deals = result.deals || {};
    if (oneDeal) {
      deals = {};
      deals[result.deal] = { valid: result.valid, scores: result.scores };
    }
    Object.keys(deals).forEach(function (index) {
      var verdict = deals[index];
      checked[index] = { messages: {}, scores: verdict && verdict.valid ? verdict.scores : null };
    });
    Object.keys(result.fields || {}).forEach(function (field) {
      var match = /^deal-(\d+)(?:-(.+))?$/.exec(field);
      if (!match) return;
      var entry = checked[match[1]] || (checked[match[1]] = { messages: {}, scores: null });
      entry.messages[match[2] || ""] = result.fields[field];
    });
    sheetResult = oneDeal
      ? { valid: false, scores: null }
      : { valid: !!result.valid, scores: result.scores || null };
  }

  // --- the draft: this phone first, then the server ------------------------------------
  function readLocal() {
    try { return JSON.parse(window.localStorage.getItem(config.storageKey) || "null"); } catch (e) { return null; }
  }
  function writeLocal(draft) {
    try { window.localStorage.setItem(config.storageKey, JSON.stringify(draft)); } catch (e) { /* full or private */ }
  }
  function scheduleSave() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(save, 500);
  }
  function save() {
    var draft = { saved_at: Date.now(), fields: fields(), synced: false };
    writeLocal(draft);
    sync(draft);
  }
  function sync(draft) {
    if (!config.draftUrl) return;  // an organizer not at the table: this phone keeps it
    var sending = post(config.draftUrl, { saved_at: draft.saved_at, fields: draft.fields });
    inFlight = sending;
    sending.then(function (response) {
      if (!response.ok) {
        return response.json().then(function (answer) { status(answer.error || text.textOffline); });
      }
      var local = readLocal();
      if (local && local.saved_at === draft.saved_at) { local.synced = true; writeLocal(local); }
      status(sheetResult && sheetResult.valid ? text.textAllDone : text.textSaved);
    }).catch(function () { status(text.textOffline); })
      .then(function () { if (inFlight === sending) inFlight = null; });
  }
  window.addEventListener("online", function () {
    var local = readLocal();
    if (local && !local.synced) sync(local);
  });
  // Submitting deletes the draft on the server: a draft still on its way must arrive first,
  // or it would come back after the submission.
  form.addEventListener("submit", function (event) {
    clearTimeout(saveTimer);
    try { window.localStorage.removeItem(config.storageKey); } catch (e) { /* nothing kept */ }
    if (!inFlight) return;
    event.preventDefault();
    var send = function () { HTMLFormElement.prototype.submit.call(form); };
    Promise.race([inFlight, new Promise(function (done) { setTimeout(done, 3000); })])
      .then(send, send);
  });

  function restore() {
    if (Object.keys(fields()).length) return;  // the page shows a sheet sent back with errors
    var local = readLocal();
    var server = config.draft;
    var draft = server;
    if (local && local.fields && (!server || local.saved_at > server.saved_at)) draft = local;
    if (!draft || !draft.fields) return;
    Object.keys(draft.fields).forEach(function (name) {
      var el = form.elements[name];
      if (el) el.value = draft.fields[name];
    });
    var done = 0;
    for (var deal = 0; deal < config.deals; deal++) if (filled(deal) === NAMES.length) done += 1;
    status(fill(text.textRestored, { done: done, total: config.deals }));
    if (draft === local && !local.synced) sync(local);
  }

  document.querySelectorAll("[data-grid-only]").forEach(function (el) { el.hidden = true; });
  root.hidden = false;
  restore();
  go(firstUnfinished());
  if (Object.keys(fields()).length) check();
})();
