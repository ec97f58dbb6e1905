/* The +/- button next to each game score input: some phone keypads have no minus key,
   and negative scores are common. The button is hidden until this script shows it; with
   the button there, the input asks the phone for its number keypad (without the script it
   keeps the full keyboard, which has the minus sign). */
(function () {
  "use strict";
  document.querySelectorAll("button.sign-toggle[data-for]").forEach(function (button) {
    var input = document.getElementById(button.dataset.for);
    if (!input) { return; }
    button.hidden = false;
    input.inputMode = "numeric";
    button.addEventListener("click", function () {
      var value = input.value.trim().replace(/^\+/, "");
      input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
      input.dispatchEvent(new Event("input", {bubbles: true}));
      input.focus();
    });
  });
})();
