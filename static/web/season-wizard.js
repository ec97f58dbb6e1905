// The season wizard: fills the season's address (slug) from its name as it is typed, until
// the organizer edits the address himself.
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
