// The phone deal sheet (templates/games/_deal_sheet.html): one deal at a time with big
// buttons, writing into the sheet form's own fields, so the form submits exactly as it does
// without scripts and the server checks everything. Here: the conveniences only, each a
// value the rules fix or a stated default (the winning bid and its trump in one tap; the
// last player's tricks the deal's tricks minus the others' (13 at four, the deck's 12, 13 or
// 17 at a table of three: config.seats, config.tricks); every player's contract the tricks he took
// (made) unless the player taps what he bid; the declarer when one player alone
// contracted at least the bid), the running totals the server's check gives, each
// problem's sentence beside its field, the view and the focus moved with the entry (the
// next tap is always on screen), and a draft that survives (the server's copy, or this
// phone's when it is newer or the network is down).
(function () {
  "use strict";
  var root = document.getElementById("deal-sheet");
  var configNode = document.getElementById("sheet-config");
  if (!root || !configNode) return;
  var form = root.closest("form");
  var config = JSON.parse(configNode.textContent);
  var text = root.dataset;
  var Rules = window.SheetRules;

  var current = 0;
  var target = null;
  var stale = {};         // deal index -> true while the server has not checked its change
  var checked = [];       // per deal, the server's word: {messages: {field: [...]}, scores}
  var sheetResult = null; // the whole sheet: {valid, scores} (the engine's totals when valid)
  var totals = null;      // the engine's running totals of every valid deal on the sheet
  var complete = 0;       // how many deals of the sheet the engine scored
  var lastChanged = 0;
  var checkSerial = 0;
  var checkTimer = null;
  var saveTimer = null;
  var inFlight = null;    // the draft being sent to the server, if any
  var advanceAfterCheck = null;
  var advanceNotBefore = 0;
  var advanceTimer = null;
  // A deal finished by presuming that the players not tapped made their contracts stays on
  // screen a moment before the next one, so a player who is still tapping the contract of
  // another player who missed does it on this deal, not the next.
  var PRESUMED_GRACE_MS = 1500;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }
  function input(deal, name) { return form.elements[Rules.fieldName(config.field, deal, name)]; }
  function get(deal, name) { var el = input(deal, name); return el ? el.value : ""; }
  function set(deal, name, value) {
    var el = input(deal, name);
    if (el) el.value = value === null ? "" : String(value);
  }
  var rules = Rules.make({ get: get, set: set }, { seats: config.seats, tricks: config.tricks });
  var NAMES = rules.names;
  var filled = rules.filled;
  var number = rules.number;

  // --- state of each deal, from the fields and the server's answer ---------------------
  // Messages for what the player entered: while a deal is unfinished, only about the
  // values it has (an empty field is not yet a mistake) and about the deal as a whole (the
  // server says so only when the values it needs are there: three players' tricks past 13,
  // four contracts that add up to 13 before the declarer is known).
  function problems(deal) {
    var entry = checked[deal];
    if (!entry || stale[deal]) return [];
    var whole = rules.complete(deal);
    var out = [];
    Object.keys(entry.messages).forEach(function (name) {
      if (!whole && name !== "" && get(deal, name) === "") return;
      entry.messages[name].forEach(function (message) { out.push({ field: name, message: message }); });
    });
    return out;
  }
  function dealState(deal) {
    var count = filled(deal);
    if (count === 0) return "empty";
    if (problems(deal).length) return "problem";
    return rules.complete(deal) ? "complete" : "progress";
  }
  function dealScores(deal) {
    var entry = checked[deal];
    return entry && !stale[deal] ? entry.scores : null;
  }

  // --- drawing -------------------------------------------------------------------------
  function render() {
    root.querySelector("[data-deal-number]").textContent = String(current + 1);
    var bidding = target === "bid";
    var padTarget = Rules.isPadField(target);
    root.querySelector("[data-bid-grid]").hidden = !bidding;
    root.querySelectorAll("[data-bid]").forEach(function (button) {
      var on = get(current, "trump") === button.dataset.trump &&
        get(current, "winning_bid") === button.dataset.bid;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    root.querySelectorAll("[data-pick]").forEach(function (button) {
      var on = get(current, button.dataset.pick) === button.dataset.value;
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.classList.toggle("is-auto", on && rules.isAuto(current, button.dataset.pick));
    });
    root.querySelector("[data-declarer-row]").classList.toggle("is-target", target === "declarer");
    root.querySelectorAll("[data-cell]").forEach(function (cell) {
      var name = cell.dataset.cell;
      var value = get(current, name);
      if (name === "winning_bid" && value !== "") value += config.symbols[get(current, "trump")] || "";
      cell.querySelector("[data-value]").textContent = value;
      cell.classList.toggle("is-target", name === target || (bidding && name === "winning_bid"));
      cell.classList.toggle("is-auto", rules.isAuto(current, name));
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
    if (padTarget) {
      var asked = target.indexOf("tricks-") === 0 ? text.textTricks : text.textContract;
      label.textContent = fill(asked, { name: config.players[Number(target.split("-")[1])] });
    } else if (target === "declarer") {
      label.textContent = text.textWhoDeclared;
    } else {
      label.textContent = "";
    }
    root.querySelector("[data-number-pad]").hidden = !padTarget;
    // Docked only while it is the keypad: empty, it covered the 13 bids at the screen's foot.
    root.querySelector("[data-keys]").classList.toggle("is-docked", padTarget);
    root.querySelectorAll("[data-number]").forEach(function (button) {
      button.setAttribute("aria-pressed", padTarget && get(current, target) === button.dataset.number ? "true" : "false");
    });
    root.querySelector("[data-contract-pickers]").hidden =
      bidding || padTarget || !rules.bidDone(current) || !rules.tricksDone(current);
    root.querySelectorAll("[data-contract]").forEach(function (button) {
      var seat = Number(button.dataset.contractSeat);
      var on = rules.shownContract(current, seat) === button.dataset.contract;
      button.setAttribute("aria-pressed", on ? "true" : "false");
      var byDefault = get(current, "contract-" + seat) === "" || rules.isAuto(current, "contract-" + seat);
      button.classList.toggle("is-auto", on && byDefault);
    });
    renderProblems();
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
  // Each problem's sentence right under its field's row (the bid's, a player's, the
  // declarer's; a problem of the whole deal under the players), the field marked and
  // described by it.
  function problemAnchor(field) {
    var seat = /^(?:contract|tricks)-(\d)$/.exec(field);
    if (seat) return root.querySelector('[data-seat-row="' + seat[1] + '"]');
    if (field === "declarer") return root.querySelector("[data-declarer-row]");
    if (field === "trump" || field === "winning_bid") return root.querySelector("[data-bid-row]");
    var rows = root.querySelectorAll("[data-seat-row]");
    return rows[rows.length - 1];
  }
  function renderProblems() {
    root.querySelectorAll("[data-problem-box]").forEach(function (box) { box.remove(); });
    root.querySelectorAll("[data-cell]").forEach(function (cell) { cell.removeAttribute("aria-describedby"); });
    var boxes = [];
    problems(current).forEach(function (problem, index) {
      var anchor = problemAnchor(problem.field);
      var found = boxes.filter(function (box) { return box.anchor === anchor; })[0];
      if (!found) {
        var inTable = anchor.tagName === "TR";
        var holder = document.createElement(inTable ? "tr" : "div");
        holder.className = "deal-problem";
        holder.setAttribute("data-problem-box", "");
        var list = holder;
        if (inTable) {
          list = document.createElement("td");
          list.colSpan = 4;
          holder.appendChild(list);
        }
        anchor.after(holder);
        found = { anchor: anchor, list: list };
        boxes.push(found);
      }
      var sentence = document.createElement("p");
      sentence.className = "error";
      sentence.id = "deal-problem-" + index;
      sentence.setAttribute("data-problem", problem.field);
      sentence.textContent = problem.message;
      found.list.appendChild(sentence);
      var field = problem.field === "trump" ? "winning_bid" : problem.field;
      var cell = root.querySelector('[data-cell="' + field + '"]');
      if (cell) {
        cell.classList.add("has-problem");
        var described = cell.getAttribute("aria-describedby");
        cell.setAttribute("aria-describedby", (described ? described + " " : "") + sentence.id);
      }
    });
  }
  // The engine's totals of the deals on the sheet, as the server's last check gave them.
  function renderTotals() {
    var shown = totals || rules.seats.map(function () { return 0; });
    var final = sheetResult && sheetResult.valid && sheetResult.scores;
    if (final) shown = sheetResult.scores;
    root.querySelector("[data-totals-title]").textContent = final
      ? text.textFinal : fill(text.textAfter, { done: complete, total: config.deals });
    root.querySelectorAll("[data-total]").forEach(function (cell) {
      cell.textContent = String(shown[Number(cell.dataset.total)]);
    });
  }
  function status(message) { root.querySelector("[data-status]").textContent = message; }

  // --- the view and the focus follow the entry ---------------------------------------------
  // Scroll as little as needed so that `el` is wholly on screen below the sticky totals,
  // with `context` (something above it) too when both fit.
  function reveal(el, context) {
    if (!el || !el.getClientRects().length) return;
    var top = root.querySelector(".sheet-totals").offsetHeight + 8;
    var bottom = document.documentElement.clientHeight - 8;
    var box = el.getBoundingClientRect();
    var start = context ? Math.min(context.getBoundingClientRect().top, box.top) : box.top;
    if (box.bottom - start > bottom - top) start = box.top;
    var by = box.bottom > bottom ? box.bottom - bottom : 0;
    if (start - by < top) by = start - top;
    if (by) window.scrollBy({ top: by, left: 0, behavior: "instant" });
  }
  // Where the next tap goes: the bid grid, the keypad, the declarer's row or the contracts.
  function activePanel() {
    if (target === "bid") return root.querySelector("[data-bid-grid]");
    if (Rules.isPadField(target)) return root.querySelector("[data-keys]");
    if (target === "declarer") return root.querySelector("[data-declarer-row]");
    var pickers = root.querySelector("[data-contract-pickers]");
    return pickers.hidden ? null : pickers;
  }
  // `quiet`: the page has just opened, so the focus stays at its start.
  function follow(quiet) {
    var panel = activePanel();
    if (!panel) return;
    var pickers = root.querySelector("[data-contract-pickers]");
    if (target === "declarer" && !pickers.hidden) {
      reveal(pickers, panel);  // the declarer's row and the contracts of any other player who missed
    } else {
      reveal(panel, root.querySelector(target === "bid" ? ".deal-card" : ".deal-seats"));
    }
    var button = panel.querySelector('button[aria-pressed="true"]') || panel.querySelector("button");
    if (!quiet && button && !panel.contains(document.activeElement)) button.focus({ preventScroll: true });
  }
  // After a check: the first problem's sentence in view, with its field's row.
  function showProblem() {
    var sentence = root.querySelector("[data-problem]");
    if (!sentence) return false;
    reveal(activePanel(), sentence);
    reveal(sentence, sentence.closest("[data-problem-box]").previousElementSibling);
    return true;
  }

  // --- moving between deals --------------------------------------------------------------
  function go(deal, quiet) {
    current = Math.max(0, Math.min(config.deals - 1, deal));
    target = rules.nextTarget(current);
    advanceAfterCheck = null;
    clearTimeout(advanceTimer);
    render();
    follow(quiet);
  }
  function moveOn(deal) {
    var wait = advanceNotBefore - Date.now();
    if (wait <= 0) { go(deal + 1); return; }
    render();
    advanceTimer = setTimeout(function () { if (current === deal) go(deal + 1); }, wait);
  }
  function firstWithProblem() {
    for (var deal = 0; deal < config.deals; deal++) if (dealState(deal) === "problem") return deal;
    return null;
  }
  function firstUnfinished() {
    for (var deal = 0; deal < config.deals; deal++) {
      if (!rules.complete(deal)) return deal;
    }
    return config.deals - 1;
  }

  // --- the player's taps ------------------------------------------------------------------
  function changed(deal) {
    stale[deal] = true;
    lastChanged = deal;
    target = rules.nextTarget(deal);
    clearTimeout(advanceTimer);
    advanceAfterCheck = null;
    if (rules.complete(deal)) {
      advanceAfterCheck = deal;
      advanceNotBefore = Date.now() + (rules.presumed(deal) ? PRESUMED_GRACE_MS : 0);
    }
    render();
    follow();
    scheduleCheck();
    scheduleSave();
  }
  root.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !root.contains(button)) return;
    var data = button.dataset;
    if (data.bid) {
      set(current, "trump", data.trump);
      set(current, "winning_bid", data.bid);
      rules.entered(current);
      changed(current);
    } else if (data.pick) {
      set(current, data.pick, data.value);
      rules.entered(current, data.pick);
      changed(current);
    } else if (data.number !== undefined && Rules.isPadField(target)) {
      set(current, target, data.number);
      rules.entered(current, target);
      changed(current);
    } else if (data.contract !== undefined) {
      var name = "contract-" + data.contractSeat;
      set(current, name, data.contract);
      rules.entered(current, name);
      changed(current);
    } else if (data.cell) {
      target = data.cell === "winning_bid" ? "bid" : data.cell;
      render();
      follow();
    } else if (data.step) {
      go(current + Number(data.step));
    } else if (data.goto !== undefined) {
      go(Number(data.goto));
    }
  });

  // --- the server's check (the only judge of the rules) --------------------------------
  function fields() {
    var out = {};
    for (var deal = 0; deal < config.deals; deal++) {
      NAMES.forEach(function (name) {
        var value = get(deal, name);
        if (value !== "") out[Rules.fieldName(config.field, deal, name)] = value;
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
  // `opening`: the page has just opened with a sheet (a draft restored, or a sheet the
  // server sent back): check every deal, then open the first one with a problem.
  function check(opening) {
    var serial = ++checkSerial;
    var body = fields();
    // While deals are missing, ask only about the deal just changed (a few hundred bytes);
    // once every deal is filled in, or when the page opens, ask for the whole sheet's verdict.
    if (!opening && !everyDealFilled()) body.deal = lastChanged;
    var checking = current;
    post(config.checkUrl, body).then(function (response) { return response.json(); })
      .then(function (result) {
        if (serial !== checkSerial) return;
        if (result.error) { status(result.error); return; }
        absorb(result);
        stale = {};
        var bad = opening ? firstWithProblem() : null;
        if (bad !== null) { go(bad); showProblem(); return; }
        var deal = advanceAfterCheck;
        advanceAfterCheck = null;
        if (deal === current && dealScores(deal)) {
          if (deal < config.deals - 1) { moveOn(deal); return; }
          if (sheetResult.valid) {
            status(text.textAllDone);
            form.querySelector("button[type=submit]").scrollIntoView({ block: "center" });
          }
        }
        render();
        if (checking === current) showProblem();
      })
      .catch(function () {
        if (serial !== checkSerial) return;
        // No answer (offline): a finished deal still moves on; the server checks it later.
        var deal = advanceAfterCheck;
        advanceAfterCheck = null;
        if (deal === current && deal < config.deals - 1) moveOn(deal);
      });
  }

  // The check's answer: `fields` ("deal-3-contract-2": [messages]) and `deals` (each deal's
  // verdict by index: a list of every deal, or an object naming only the deals it checked).
  function everyDealFilled() {
    for (var deal = 0; deal < config.deals; deal += 1) {
      if (!rules.complete(deal)) return false;
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
      var at = Rules.fieldOf(config.field, field);
      if (!at) return;
      var entry = checked[at.deal] || (checked[at.deal] = { messages: {}, scores: null });
      entry.messages[at.name] = result.fields[field];
    });
    sheetResult = oneDeal
      ? { valid: false, scores: null }
      : { valid: !!result.valid, scores: result.scores || null };
    totals = result.totals || null;
    complete = result.complete || 0;
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
    for (var deal = 0; deal < config.deals; deal++) if (rules.complete(deal)) done += 1;
    status(fill(text.textRestored, { done: done, total: config.deals }));
    if (draft === local && !local.synced) sync(local);
  }

  document.querySelectorAll("[data-grid-only]").forEach(function (el) { el.hidden = true; });
  root.hidden = false;
  restore();
  go(firstUnfinished(), true);
  if (Object.keys(fields()).length) check(true);
})();
