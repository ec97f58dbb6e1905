// Copy buttons for the messaging texts: copies the textarea named by data-copy.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]");
  if (!button) return;
  var area = document.getElementById(button.getAttribute("data-copy"));
  if (!area) return;
  var done = function () {
    var label = button.textContent;
    button.textContent = button.getAttribute("data-copied") || "\u2713";
    setTimeout(function () { button.textContent = label; }, 1500);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(area.value).then(done);
  } else {
    area.select();
    document.execCommand("copy");
    done();
  }
});
