// Installable on a phone: registers the service worker (static/web/sw.js, served at the
// address in this script's data-worker) and tells it who is signed in on this page (the
// offline-user meta tag, empty for nobody) and the page's language, so it drops what it
// kept of anyone else and speaks the page's language offline. The worker does the rest.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  var meta = document.querySelector('meta[name="offline-user"]');
  var message = { user: meta ? meta.content : "", lang: document.documentElement.lang };
  var workers = navigator.serviceWorker;
  workers.register(script.dataset.worker, { scope: "/" }).then(function () {
    return workers.ready;
  }).then(function (registration) {
    var worker = workers.controller || registration.active;
    if (worker) worker.postMessage(message);
  }).catch(function () { /* no worker: the site works as before, online */ });
})();
