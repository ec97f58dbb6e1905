// The season wizard: fills the season's address (slug) from its name as it is typed, until
// the organizer edits the address himself; a round's date moved in the calendar shows its
// new weekday at once.
(function () {
  var lang = document.documentElement.lang || undefined;
  document.querySelectorAll(".wizard-calendar input[type=date]").forEach(function (input) {
    input.addEventListener("change", function () {
      var day = input.closest("tr").cells[3];
      if (!input.value || !day) { return; }
      day.textContent = new Date(input.value + "T00:00:00Z")
        .toLocaleDateString(lang, { weekday: "long", timeZone: "UTC" });
    });
  });
}());

(function () {
  var name = document.getElementById("id_name");
  var slug = document.getElementById("id_slug");
  if (!name || !slug) { return; }
  var edited = slug.value !== "";

  function slugify(text) {
    return text.toLowerCase().trim()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/[\s_-]+/g, "-")
      .replace(/^-+|-+$/g, "");
  }

  slug.addEventListener("input", function () { edited = slug.value !== ""; });
  name.addEventListener("input", function () {
    if (!edited) { slug.value = slugify(name.value); }
  });
}());
