/* [infra] Loading screen and service worker registration (no inline JS: a
 * Content-Security-Policy will forbid it).
 * - Says in #loader-status, in the player's words, that the game is on its way once
 *   PyScript reports progress (`py:progress`) while Pyodide boots.
 * - Says so if the page fails before Python reports ready.
 * - Once <body data-state="ready">, registers ./sw.js (offline play); doing it
 *   after boot keeps the precache downloads from competing with startup.
 * - Speaks the player's language before Python can (game/ui/language.py takes over
 *   once it runs): the stored choice (localStorage "cardgames:language") when it is
 *   one of WORDS, else the first of navigator.languages the site speaks, else English.
 *   Its words are translated in the site's catalogues like every other text.
 * css/loader.css hides #loader when body[data-state="ready"].
 */
(() => {
  "use strict";
  const KEY = "cardgames:language"; // game/ui/language.py's KEY
  // English only here: tools/i18n_sources.py extracts these texts into the catalogues
  // (docs/translating.md), and tools/build_site.py writes every other language at the
  // mark below, translated by game/i18n/<lang>/LC_MESSAGES/messages.mo.
  const WORDS = {
    en: {
      title: "Card Games",
      loading: "Loading…",
      preparing: "Getting the cards ready…",
      failed: "Could not start the game. Please reload the page.",
    },
    /* __TRANSLATED_WORDS__ */
  };

  const chosen = () => {
    try {
      const stored = localStorage.getItem(KEY);
      if (stored && Object.hasOwn(WORDS, stored)) return stored;
    } catch {
      // storage refused (a privacy mode): follow the browser
    }
    const tags = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || ""];
    for (const tag of tags) {
      const code = String(tag).split("-")[0].trim().toLowerCase();
      if (Object.hasOwn(WORDS, code)) return code;
    }
    return "en";
  };
  const lang = chosen();
  const words = WORDS[lang];

  const status = () => document.getElementById("loader-status");
  const ready = () => document.body && document.body.dataset.state === "ready";

  // The page's words before Python runs. An element marked data-i18n keeps its English
  // text in data-i18n-en, the key game/ui/language.py translates from.
  const say = (element, text) => {
    if (!element) return;
    if (element.hasAttribute("data-i18n") && !element.hasAttribute("data-i18n-en")) {
      element.setAttribute("data-i18n-en", element.textContent.trim());
    }
    element.textContent = text;
  };
  if (lang !== "en") {
    document.documentElement.lang = lang;
    say(document.querySelector("title"), words.title);
    say(document.querySelector("#loader .loader-title"), words.title);
    say(status(), words.loading);
  }

  const show = (text) => {
    const el = status();
    if (el && !ready()) el.textContent = text;
  };

  addEventListener("py:progress", () => {
    // PyScript's own steps ("Loaded Pyodide") mean nothing to a player (issue 18): its
    // first step says the game is on its way, in the player's language; the small note
    // over a board drawn before Python (js/early.js) keeps its "Loading…"
    const early = document.body && "early" in document.body.dataset;
    if (!early) show(words.preparing);
  });

  const fail = () => {
    if (ready()) return;
    const loader = document.getElementById("loader");
    if (loader) loader.dataset.failed = "";
    show(words.failed);
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

  // A new version's service worker that takes over while this page is still starting
  // would hand it the rest of its files from the new cache: a page of two versions. Start
  // again on the new one instead (no move can have been made before ready). Once ready,
  // the page needs no more files (sw.js says why), so a takeover then changes nothing.
  if ("serviceWorker" in navigator && navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!ready()) location.reload();
    });
  }
})();
