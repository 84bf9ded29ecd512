/* [early] The board before Python (README "How to play", Coming back).
 *
 * Starting Pyodide takes seconds; a player coming back to a game should see it at once.
 * So, once the page is ready, this script keeps a copy of what the game's page shows
 * (the top bar, the status line, the board, the card faces' SVG symbols, and the page's
 * theme attributes) in localStorage under "cardgames:early:<game id>", written when the
 * page has been still for a moment and when the tab is hidden. On the next visit to that
 * game (the same deal by its link, or the game's own address when it was left unfinished)
 * it draws that copy before PyScript has even loaded, and marks it inert: clicks and keys
 * are refused with a word ("Starting…") until Python has drawn the real board in its place,
 * which is the same board, so the take-over moves nothing. The copy is drawn beside the
 * page's own elements, which Python starts on as on any visit, and removed then.
 *
 * The game list is kept the same way ("cardgames:early:@home": the top bar and the list,
 * with each game's "Continue deal" and the deal of the day's state), and drawn on the next
 * visit to the site's own address on the same calendar day (the day's deals change at
 * midnight, and a copy of yesterday's list would then not be the list Python draws).
 *
 * A first visit (nothing of this site in storage) to the site's own address shows the
 * list a new player gets, in the language js/loader.js chose (it runs first and sets
 * <html lang>): index.html holds it in each language, rendered when the site was built
 * (a <template id="early-newcomer-<lang>">, tools/newcomer_list.py), and only the deal of
 * the day's links get the player's own day here.
 *
 * Any other visit to a game of the site (a deal's link never played here, say) has nothing
 * to draw yet, but it need not wait on a grey page: the loading screen takes on that
 * game's table (body[data-game], the colours of the table chosen in Settings or the
 * system's) and its name in the page's language, read from the same template, so the
 * page Python draws comes up over the background already there.
 *
 * The card backs and the table chosen in Settings are taken from the settings themselves
 * ("cardgames:settings", game/ui/settings.py) rather than from the copy, so a choice made
 * after the copy was taken shows too: read as untrusted, a value is set on <html> only
 * when it is a short plain word, and css/themes.css draws only the ones it knows (any
 * other shows each game's own).
 *
 * The copy is data this page wrote, but it is read as untrusted: it is JSON describing
 * elements, rebuilt with createElement from a fixed list of tags and attributes (no
 * style, no event handler, no URL but a same-document "#symbol" reference). Anything
 * damaged, foreign, too big or too deep is ignored, and nothing here can stop the real
 * start: every step is guarded, and Python replaces the whole board in any case.
 */
(() => {
  "use strict";
  const PREFIX = "cardgames:early:";
  const HOME = `${PREFIX}@home`; // the game list's copy (not a game id: GAME_ID)
  const VERSION = 1;
  const MAX_CHARS = 600000; // a Devil's Grip board with its symbols is about 60 000
  const MAX_NODES = 12000;
  const MAX_DEPTH = 32;
  const QUIET_MS = 500; // the least time between two copies
  const SVG_NS = "http://www.w3.org/2000/svg";
  const GAME_ID = /^[a-z][a-z0-9-]{0,39}$/;
  const NAME = /^[a-z][a-z0-9-]{0,39}$/; // tag names and attribute names
  const TAGS = new Set([
    "header", "main", "div", "span", "b", "i", "em", "strong", "small", "p", "h1", "h2",
    "h3", "ul", "ol", "li", "a", "button", "nav", "section", "abbr", "sup", "sub", "br",
    "label", "select", "option",
    "svg", "use", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
    "text", "tspan", "symbol", "defs", "title",
  ]);
  const ATTRS = new Set([
    "class", "id", "role", "title", "hidden", "disabled", "tabindex", "lang", "popover",
    "popovertarget", "type", "viewbox", "d", "fill", "stroke", "stroke-width",
    "stroke-linecap", "stroke-linejoin", "fill-rule", "clip-rule", "opacity", "x", "y",
    "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "points",
    "transform", "focusable", "preserveaspectratio", "text-anchor", "font-size",
    "font-weight", "dx", "dy", "value", "selected", "for", "name",
  ]);
  // Classes that say what the player is doing now (a card picked up, a hint, a glide):
  // a new visit starts with none of them.
  const PASSING = new Set([
    "moving", "selected", "lifted", "target", "hint", "hint-target", "swap-target",
    "refused", "dragging", "drop-hover",
  ]);
  const PASSING_ATTRS = new Set(["aria-pressed", "aria-busy"]);
  const VALUE = /^[^<>`]{0,2000}$/;
  // a symbol of this page, the game list, or a link of the list (a game, a mode, a deal)
  const HREF = /^(#[\w-]{1,80}|\.\/|\?[\w=&-]{1,200})$/;
  const PAGE_ATTR = /^(lang|class|data-[a-z][a-z0-9-]{0,39})$/; // of <html> and <body>
  const PAGE_VALUE = /^[\w .:-]{0,200}$/;
  const SETTINGS = "cardgames:settings";
  const LOOKS = ["back", "tabletop"]; // the settings drawn by css/themes.css on <html>
  const LOOK = /^[a-z]{1,20}$/;

  const body = document.body;
  const ready = () => body.dataset.state === "ready";
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null; // storage refused (a privacy mode): no early board, nothing else lost
    }
  })();

  // -- taking the copy -----------------------------------------------------------------

  const allowedAttr = (name, value) =>
    (ATTRS.has(name) || name.startsWith("data-") || name.startsWith("aria-")) &&
    NAME.test(name) && !PASSING_ATTRS.has(name) && VALUE.test(value);

  const tree = (node, depth, budget) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE || depth > MAX_DEPTH || --budget.left < 0) return null;
    const tag = node.localName;
    if (!TAGS.has(tag)) return null;
    const attrs = {};
    for (const { name, value } of node.attributes) {
      if (name === "href" || name === "xlink:href") {
        if (HREF.test(value)) attrs.href = value;
      } else if (name === "class") {
        const kept = value.split(/\s+/).filter((c) => c && !PASSING.has(c));
        if (kept.length) attrs.class = kept.join(" ");
      } else if (allowedAttr(name.toLowerCase(), value)) {
        attrs[name] = value;
      }
    }
    if (tag === "option") {  // what a select shows is a property, not an attribute
      if (node.selected) attrs.selected = "";
      else delete attrs.selected;
    }
    const children = [];
    for (const child of node.childNodes) {
      const kept = tree(child, depth + 1, budget);
      if (kept !== null) children.push(kept);
    }
    return [tag, attrs, children];
  };

  const pageAttrs = (element) => {
    const kept = {};
    for (const { name, value } of element.attributes) {
      if (name !== "data-state" && name !== "data-early" && PAGE_ATTR.test(name)) kept[name] = value;
    }
    return kept;
  };

  // The player's calendar day, as game/ui/dom.py's local_today reads it, written as Python
  // writes it in a deal of the day's link (datetime.date.isoformat).
  const today = () => {
    const now = new Date();
    const two = (n) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  };

  const copyHome = () => {
    const top = document.querySelector("body > header.topbar");
    const home = document.getElementById("home");
    if (location.search !== "" || !top || !home) return null;
    const budget = { left: MAX_NODES };
    return {
      v: VERSION,
      kind: "home",
      day: today(),
      html: pageAttrs(document.documentElement),
      body: pageAttrs(body),
      top: tree(top, 0, budget),
      main: tree(home, 0, budget),
    };
  };

  const copy = () => {
    if (body.dataset.view === "home") return copyHome();
    const game = body.dataset.game;
    const top = document.querySelector("body > header.topbar");
    const table = document.getElementById("table");
    // (a shared game being watched, game/ui/watch_view.py, is not the player's own game)
    if (!game || !GAME_ID.test(game) || !top || !table || body.dataset.watching === "yes") {
      return null;
    }
    const budget = { left: MAX_NODES };
    const sprites = [...document.querySelectorAll("body > svg.svg-sprite:not([data-early])")];
    return {
      v: VERSION,
      query: location.search,
      over: document.querySelector("#outcome[data-outcome]") !== null,
      html: pageAttrs(document.documentElement),
      body: pageAttrs(body),
      top: tree(top, 0, budget),
      table: tree(table, 0, budget),
      sprites: sprites.map((svg) => tree(svg, 0, budget)),
    };
  };

  const keep = () => {
    if (!storage || !ready()) return;
    try {
      const snapshot = copy();
      if (!snapshot) return;
      const text = JSON.stringify(snapshot);
      const key = snapshot.kind === "home" ? HOME : PREFIX + body.dataset.game;
      if (text.length <= MAX_CHARS) storage.setItem(key, text);
    } catch {
      // storage full or refused: the saves matter, this copy does not (game/ui/store.py
      // drops these copies first when a save needs the room)
    }
  };

  // At most one copy in QUIET_MS, taken when the browser is idle: a change starts the
  // wait, and changes during it are in the copy taken at its end (a board that never stops
  // changing, as the table's during the computers' turns, is still copied).
  let waiting = false;
  const soon = () => {
    if (waiting) return;
    waiting = true;
    setTimeout(() => {
      const take = () => {
        waiting = false;
        keep();
      };
      if ("requestIdleCallback" in window) requestIdleCallback(take, { timeout: 1000 });
      else take();
    }, QUIET_MS);
  };

  // -- drawing it ----------------------------------------------------------------------

  const build = (item, svg, depth, budget) => {
    if (typeof item === "string") return item.length <= 2000 ? document.createTextNode(item) : null;
    if (!Array.isArray(item) || item.length !== 3 || depth > MAX_DEPTH || --budget.left < 0) {
      return null;
    }
    const [tag, attrs, children] = item;
    if (typeof tag !== "string" || !TAGS.has(tag) || !attrs || typeof attrs !== "object" ||
        Array.isArray(attrs) || !Array.isArray(children)) {
      return null;
    }
    const inSvg = svg || tag === "svg";
    const element = inSvg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (typeof value !== "string") return null;
      if (name === "href") {
        if (!HREF.test(value)) return null;
        element.setAttribute("href", value);
      } else if (name === "class") {
        if (!VALUE.test(value)) return null;
        element.setAttribute("class", value);
      } else if (allowedAttr(name.toLowerCase(), value)) {
        element.setAttribute(name, value);
      } else {
        return null; // not an attribute this script writes: a foreign copy
      }
    }
    for (const child of children) {
      const node = build(child, inSvg, depth + 1, budget);
      if (node === null) return null;
      element.append(node);
    }
    return element;
  };

  const sameParams = (a, b) => {
    const sorted = (query) => [...new URLSearchParams(query)].map(([k, v]) => `${k}=${v}`).sort().join("&");
    return sorted(a) === sorted(b);
  };

  // The copy kept under `key`, when there is one of this script's version that is not
  // too big (JSON.parse throws on a damaged one: show() is guarded).
  const kept = (key) => {
    const text = storage && storage.getItem(key);
    if (!text || text.length > MAX_CHARS) return null;
    const snapshot = JSON.parse(text);
    return snapshot && snapshot.v === VERSION ? snapshot : null;
  };

  // Which copy this address shows, if any: the game list at the site's own address, when
  // it was taken today; the same deal and options by its link; the game's own address
  // (?game=<id> alone) resumes its game only when it was unfinished.
  const wanted = () => {
    if (location.search === "") {
      const home = kept(HOME);
      return home && home.kind === "home" && home.day === today() ? home : null;
    }
    const params = new URLSearchParams(location.search);
    const game = params.get("game");
    if (!game || !GAME_ID.test(game)) return null;
    const snapshot = kept(PREFIX + game);
    if (!snapshot || typeof snapshot.query !== "string") return null;
    const mine = new URLSearchParams(snapshot.query);
    if (mine.get("game") !== game) return null;
    if (params.has("deal") || params.has("daily")) {  // a deal by its link, or the day's deal
      return sameParams(location.search, snapshot.query) ? snapshot : null;
    }
    return [...params.keys()].length === 1 && snapshot.over === false ? snapshot : null;
  };

  // A first visit: the site's own address, and no key of this site in storage but this
  // script's own copies (so no game to continue, no deal of the day played, no setting
  // made: a list copied on another day is then still a new player's).
  const firstVisit = () => {
    if (location.search !== "" || !storage) return false;
    for (let i = 0; i < storage.length; i++) {
      const key = String(storage.key(i));
      if (key.startsWith("cardgames:") && !key.startsWith(PREFIX)) return false;
    }
    return true;
  };

  // The new player's list, {top, main, html}, from index.html's own template for the
  // page's language; the <html> attributes are the settings' defaults, "auto" meaning
  // the system's colour scheme as game/ui/settings_view.py reads it.
  // index.html's new player's list in `lang` (the build's <template>), or null.
  const newcomerTemplate = (lang) => {
    const template = document.getElementById(`early-newcomer-${lang}`);
    return template instanceof HTMLTemplateElement ? template : null;
  };

  const newcomer = () => {
    const lang = document.documentElement.lang;
    const template = newcomerTemplate(lang);
    if (!template) return null;
    const parts = template.content.cloneNode(true);
    const top = parts.querySelector("header.topbar");
    const main = parts.querySelector("main#home");
    if (!top || !main) return null;
    for (const link of main.querySelectorAll("a.daily-link[href]")) {
      const query = new URLSearchParams(link.getAttribute("href"));
      query.set("daily", today());
      link.setAttribute("href", `?${query}`);
    }
    return {
      top,
      main,
      html: { lang, "data-theme": theme(template.dataset.theme), "data-back": template.dataset.back,
        "data-tabletop": template.dataset.tabletop },
    };
  };

  const setPageAttrs = (element, attrs) => {
    if (!attrs || typeof attrs !== "object") return false;
    const entries = Object.entries(attrs);
    if (!entries.every(([k, v]) => PAGE_ATTR.test(k) && typeof v === "string" && PAGE_VALUE.test(v))) {
      return false;
    }
    for (const [name, value] of entries) element.setAttribute(name, value);
    return true;
  };

  // The table's colours as game/ui/settings_view.py sets them: the setting when it is
  // light or dark, else the system's scheme.
  const theme = (setting) => {
    if (setting === "light" || setting === "dark") return setting;
    return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  };

  const settings = () => {
    const text = storage && storage.getItem(SETTINGS);
    if (!text || text.length > 4000) return {};
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" ? parsed : {};
  };

  const chosenLooks = (chosen = settings()) => {
    for (const name of LOOKS) {
      const value = chosen[name];
      if (typeof value === "string" && LOOK.test(value)) document.documentElement.dataset[name] = value;
    }
  };

  // What to draw: {top, table, sprites, html, body} from the copy this address wants, or
  // the new player's list on a first visit; null when there is nothing (or nothing sound).
  const drawing = () => {
    const snapshot = wanted();
    if (!snapshot) {
      const list = firstVisit() ? newcomer() : null;
      return list && { top: list.top, table: list.main, sprites: [], html: list.html,
        body: { "data-view": "home", "data-game": "" }, home: true };
    }
    const home = snapshot.kind === "home";
    const budget = { left: MAX_NODES };
    const sprites = home ? [] : Array.isArray(snapshot.sprites)
      ? snapshot.sprites.map((s) => build(s, true, 0, budget)) : [null];
    return { top: build(snapshot.top, false, 0, budget),
      table: build(home ? snapshot.main : snapshot.table, false, 0, budget), sprites,
      html: snapshot.html, body: snapshot.body, home };
  };

  // A game's address with nothing to draw: its table and name on the loading screen.
  const shell = () => {
    const game = new URLSearchParams(location.search).get("game");
    if (!game || !GAME_ID.test(game)) return;
    const title = (lang) => newcomerTemplate(lang)?.content
      .querySelector(`.game-tile[data-game-id="${game}"] h2`);
    const name = title(document.documentElement.lang);
    const english = title("en");
    const heading = document.querySelector("#loader .loader-title");
    if (!name || !english || !heading) return; // not a game of this site: Python says so
    let chosen = {};
    try {
      chosen = settings();
    } catch {
      // damaged settings: the system's scheme (Python sets the settings aside)
    }
    document.documentElement.dataset.theme = theme(chosen.theme);
    chosenLooks(chosen);
    body.dataset.view = "game";
    body.dataset.game = game;
    body.dataset.shell = "";
    // the English name is the key game/ui/language.py translates the title from again
    heading.setAttribute("data-i18n-en", english.textContent);
    heading.textContent = name.textContent;
  };

  const show = () => {
    const drawn = drawing();
    if (!drawn) return shell();
    const { top, table, sprites, home } = drawn;
    const header = document.querySelector("body > header.topbar");
    const main = document.getElementById(home ? "home" : "table");
    if (!top || !table || top.localName !== "header" || table.localName !== "main" ||
        sprites.includes(null) || !header || !main) {
      return;
    }
    const html = document.documentElement;
    const htmlBefore = pageAttrs(html);
    const bodyBefore = pageAttrs(body);
    if (!setPageAttrs(html, drawn.html) || !setPageAttrs(body, drawn.body)) {
      setPageAttrs(html, htmlBefore);
      setPageAttrs(body, bodyBefore);
      return;
    }
    try {
      chosenLooks();
    } catch {
      // damaged settings: the copy's own looks stay (Python sets the settings aside)
    }
    // The copy goes beside the page's own top bar and table, which stay as index.html
    // has them (hidden meanwhile, css/app.css): Python starts on those, never on the
    // copy, whose ids come after them in the document; the copy goes when Python is ready.
    for (const element of [top, table, ...sprites]) element.setAttribute("data-early", "");
    table.setAttribute("aria-busy", "true");
    header.after(top);
    main.after(table);
    body.append(...sprites);
    body.dataset.early = "";
    shownAt = performance.now();
  };

  // -- until Python takes over ----------------------------------------------------------

  let shownAt = 0;
  const refuse = (event) => {
    if (ready() || !("early" in body.dataset)) return;
    const target = event.target;
    // the game list's link works without Python; Tab still moves the focus
    if (target instanceof Element && target.closest("a[href]")) return;
    if (event.key === "Tab" || event.key === "Shift") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === "pointerdown" || event.type === "keydown") {
      const loader = document.getElementById("loader");
      if (loader) {
        loader.removeAttribute("data-nudge");
        void loader.offsetWidth; // restart its nudge animation
        loader.setAttribute("data-nudge", "");
      }
    }
  };
  for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "click", "dblclick",
    "keydown", "keyup", "touchstart", "touchend", "contextmenu"]) {
    addEventListener(type, refuse, { capture: true, passive: false });
  }

  const takeOver = () => {
    for (const copy of document.querySelectorAll("body > [data-early]")) copy.remove();
    delete body.dataset.shell;
    if ("early" in body.dataset) {
      delete body.dataset.early;
      window.cardgamesEarly.tookOverAt = performance.now();
    }
  };

  const whenReady = (callback) => {
    if (ready()) return callback();
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe(body, { attributes: true, attributeFilter: ["data-state"] });
  };

  try {
    show();
  } catch {
    // a damaged copy: the loading screen shows as on a first visit
  }
  window.cardgamesEarly = { shownAt, tookOverAt: 0, keep };
  whenReady(() => {
    takeOver();
    // Moves change the board (the status and the top bar change with it); the clock's
    // ticks alone are not worth a copy, the one taken when the tab is hidden has them.
    const watch = new MutationObserver(soon);
    const board = document.getElementById("board");
    if (board) watch.observe(board, { subtree: true, childList: true, attributes: true });
    const list = document.getElementById("game-list");
    if (list) watch.observe(list, { subtree: true, childList: true });
    watch.observe(body, { attributes: true, attributeFilter: ["data-game", "data-view"] });
    addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") keep();
    });
    addEventListener("pagehide", keep);
    soon();
  });
})();
