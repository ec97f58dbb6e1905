// Copy buttons for the messaging texts: copies the textarea named by data-copy.
(function () {
  function copyBySelection(area) {
    area.focus();
    area.select();
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  function confirm(button) {
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.textContent = button.getAttribute("data-copied") || "\u2713";
    setTimeout(function () { button.textContent = label; }, 2000);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(
        function () { confirm(button); },
        function () { if (copyBySelection(area)) confirm(button); }
      );
    } else if (copyBySelection(area)) {
      confirm(button);
    }
  });
})();
