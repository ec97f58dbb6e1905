// The deal sheet checks itself as the player types: the rules engine's problems appear next
// to their fields and each deal's scores in its row (POST to the form's data-check address).
(function () {
  var form = document.getElementById("sheet");
  var timer = null;
  function show(result) {
    form.querySelectorAll(".live-error, span.error[data-field]").forEach(function (el) { el.remove(); });
    function rowIsEmpty(field) {
      var row = document.getElementById(field.split("-").slice(0, 2).join("-"));
      if (!row) { return false; }
      return Array.prototype.every.call(row.querySelectorAll("input, select"), function (el) { return !el.value; });
    }
    Object.keys(result.fields || {}).forEach(function (field) {
      if (rowIsEmpty(field)) { return; }
      var input = form.querySelector('[name="' + field + '"]') || document.getElementById(field);
      var where = input && input.tagName === "TR" ? input.querySelector(".deal-scores") : input && input.parentNode;
      if (!where) { return; }
      result.fields[field].forEach(function (message) {
        var span = document.createElement("span");
        span.className = "error live-error";
        span.textContent = message;
        where.appendChild(span);
      });
    });
    (result.deals || []).forEach(function (deal, i) {
      var cell = form.querySelector('.deal-scores[data-deal="' + i + '"]');
      if (!cell) { return; }
      var total = cell.querySelector(".deal-total");
      if (!total) { total = document.createElement("span"); total.className = "deal-total"; cell.appendChild(total); }
      total.textContent = deal.scores ? deal.scores.join(" / ") : "";
    });
    document.getElementById("sheet-totals").textContent = result.scores ? result.scores.join(" / ") : "";
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var data = {};
      new FormData(form).forEach(function (value, key) { data[key] = value; });
      fetch(form.dataset.check, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRFToken": data.csrfmiddlewaretoken}, body: JSON.stringify(data)})
        .then(function (r) { return r.json(); }).then(show).catch(function () {});
    }, 400);
  });
})();
