// Copy buttons for the messaging texts: copies the field named by data-copy.
// A button with data-share-text shares instead where the browser can (the Web Share API:
// the phone's share sheet, to send one player his own link), with the text and the field's
// address; it copies the address where the browser cannot share, or if sharing fails.
// Without JavaScript the field itself can be selected and copied.
(function () {
  "use strict";
  var canShare = typeof navigator.share === "function" && window.isSecureContext;

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

  function copy(button, area) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(
        function () { confirm(button); },
        function () { if (copyBySelection(area)) confirm(button); }
      );
    } else if (copyBySelection(area)) {
      confirm(button);
    }
  }

  function share(button, area) {
    navigator.share({ text: button.getAttribute("data-share-text"), url: area.value }).catch(
      function (error) {
        // The organizer closed the share sheet: nothing to do. Anything else: copy instead.
        if (!error || error.name !== "AbortError") copy(button, area);
      }
    );
  }

  if (canShare) {
    document.addEventListener("DOMContentLoaded", function () {
      document.querySelectorAll("[data-share-text][data-share-label]").forEach(function (button) {
        button.textContent = button.getAttribute("data-share-label");
      });
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) return;
    if (canShare && button.hasAttribute("data-share-text")) {
      share(button, area);
    } else {
      copy(button, area);
    }
  });
})();
