// Installable on a phone: registers the service worker (static/web/sw.js, served at the
// address in this script's data-worker) and tells it who is signed in on this page (its
// data-user: the user's key, config/offline.py, empty for nobody) and the page's language, so it drops what it
// kept of anyone else and speaks the page's language offline. The worker does the rest.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  var message = { user: script.dataset.user || "", lang: document.documentElement.lang };
  var workers = navigator.serviceWorker;
  workers.register(script.dataset.worker, { scope: "/" }).then(function () {
    return workers.ready;
  }).then(function (registration) {
    var worker = workers.controller || registration.active;
    if (worker) worker.postMessage(message);
  }).catch(function () { /* no worker: the site works as before, online */ });
})();
