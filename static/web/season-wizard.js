// The season wizard: fills the season's address (slug) from its name as it is typed (in Latin
// letters, Hebrew ones letter by letter), until the organizer edits the address himself; a
// round's date moved in the calendar shows its new weekday at once.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  document.querySelectorAll(".wizard-calendar input[type=date]").forEach(function (input) {
    input.addEventListener("change", function () {
      var day = input.closest("tr").querySelector(".cal-day");
      if (!input.value || !day) { return; }
      day.textContent = new Date(input.value + "T00:00:00Z")
        .toLocaleDateString(lang, { weekday: "long", timeZone: "UTC" });
    });
  });
}());

(function () {
  "use strict";
  var name = document.getElementById("id_name");
  var slug = document.getElementById("id_slug");
  var table = document.getElementById("latin-letters");
  if (!name || !slug || !table) { return; }
  var letters = JSON.parse(table.textContent);
  var edited = slug.value !== "";

  // league/latin_slug.py's latin_slug, letter by letter with the same table.
  function latinSlug(text) {
    var words = [];
    var word = "";
    Array.from(text.normalize("NFKD")).forEach(function (char) {
      if (Object.prototype.hasOwnProperty.call(letters, char)) {
        word += letters[char];
      } else if (/^[A-Za-z0-9]$/.test(char)) {
        word += char.toLowerCase();
      } else if (/^[\p{M}\p{Cf}\u05f3\u05f4'\u2019]$/u.test(char)) {
        return;
      } else if (word) {
        words.push(word);
        word = "";
      }
    });
    if (word) { words.push(word); }
    return words.join("-").slice(0, 120).replace(/^-+|-+$/g, "");
  }

  slug.addEventListener("input", function () { edited = slug.value !== ""; });
  name.addEventListener("input", function () {
    if (!edited) { slug.value = latinSlug(name.value); }
  });
}());
