/* [infra] Loading screen and service worker registration (no inline JS: a
 * Content-Security-Policy will forbid it).
 * - Shows PyScript's `py:progress` texts in #loader-status while Pyodide boots.
 * - Says so if the page fails before Python reports ready.
 * - Once <body data-state="ready">, registers ./sw.js (offline play); doing it
 *   after boot keeps the precache downloads from competing with startup.
 * css/loader.css hides #loader when body[data-state="ready"].
 */
(() => {
  "use strict";
  const status = () => document.getElementById("loader-status");
  const ready = () => document.body && document.body.dataset.state === "ready";

  const show = (text) => {
    const el = status();
    if (el && !ready()) el.textContent = text;
  };

  addEventListener("py:progress", (event) => {
    if (typeof event.detail === "string") show(`${event.detail}…`);
  });

  const fail = () => {
    if (ready()) return;
    const loader = document.getElementById("loader");
    if (loader) loader.dataset.failed = "";
    show("Could not start the game. Please reload the page.");
  };
  addEventListener("error", fail);
  addEventListener("unhandledrejection", fail);

  const registerServiceWorker = () => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("Offline play unavailable: service worker not registered.", error);
    });
  };

  const whenReady = (callback) => {
    if (ready()) return callback();
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-state"] });
  };

  whenReady(registerServiceWorker);
})();
