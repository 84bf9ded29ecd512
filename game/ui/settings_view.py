"""The settings on the page: the dialog, applying each setting, and auto-play's timing.

What the settings are, how they are stored and which move auto-play makes live in
settings.py (pure, tested in CPython). Here:

- apply(): <html data-theme="light|dark"> (the chosen table, or the system's scheme),
  data-back and data-tabletop (the card backs and the table's surface, "game" for each
  game's own), the class `high-contrast` for the card faces, `reduce-motion` when reduced motion is
  forced, and --move-ms / --lift-ms on <html> for the speed; dom.move_ms() is read afresh.
  css/themes.css does the rest.
- The dialog (#settings-dialog) is written here in the page's language; a change applies
  and is saved at once. The language select stores language.KEY, switches the messages
  and the page's words (language.apply), then opens the current view again so the text
  Python wrote is redrawn: a game opened again resumes its save, so nothing is lost.
- After every save of the game (the page's "saved" event), when settings.auto_move finds
  a forced move it is played after a short pause, one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from pyscript import document, window

from ..i18n import LANGUAGES, tr
from . import dom, language
from . import settings as st
from .dom import after, by_id, listen, move_ms, proxy

if TYPE_CHECKING:
    from .page import Page

LIFT_MS = {"slow": 180, "normal": 120, "fast": 70, "off": 0}  # selection lift and glows
DARK = "(prefers-color-scheme: dark)"


class SettingsView:
    def __init__(self, page: Page, reroute: Callable[[], None]) -> None:
        self.page = page
        self.reroute = reroute  # the page drawn again, from the address (and the save)
        self.dialog = by_id("settings-dialog")
        self.settings, note = st.load(page.store)
        self._pending = False  # a forced move is waiting to be played
        self._token: tuple = ()  # the position it was found in
        self._playing = False  # auto-play is making a move now
        self._chain = 0  # forced moves played in a row
        self.apply()
        listen(self.dialog, "change", self.on_change)
        listen(self.dialog, "click", self.on_click)
        try:
            window.matchMedia(DARK).addEventListener("change", proxy(lambda *_: self.apply()))
        except Exception:  # noqa: BLE001 - an old browser: the theme follows on the next visit
            pass
        if note:
            page.toast(tr(note))
        page.handle("settings", self.show)
        page.on("saved", lambda _record: self.after_change())

    # -- applying -------------------------------------------------------------------------

    @staticmethod
    def system_dark() -> bool:
        return bool(window.matchMedia(DARK).matches)

    def apply(self) -> None:
        s = self.settings
        html = document.documentElement
        html.dataset.theme = s.table(self.system_dark())
        html.dataset.back = s.back
        html.dataset.tabletop = s.tabletop
        html.classList.toggle("high-contrast", s.contrast)
        html.classList.toggle("reduce-motion", s.motion == "reduce")
        html.style.setProperty("--move-ms", f"{st.SPEEDS[s.speed]}ms")
        html.style.setProperty("--lift-ms", f"{LIFT_MS[s.speed]}ms")
        dom.set_motion(s.motion == "reduce")

    # -- the dialog -----------------------------------------------------------------------

    def show(self) -> None:
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()

    def render(self) -> None:
        s = self.settings

        def select(name: str, current: str, options) -> str:
            return (f'<select data-pref="{name}" id="pref-{name}">' + "".join(
                f'<option value="{value}"{" selected" if value == current else ""}>'
                f"{escape(label)}</option>" for value, label in options) + "</select>")

        def row(name: str, label: str, control: str) -> str:
            return (f'<div class="pref"><label for="pref-{name}">{escape(label)}</label>'
                    f"{control}</div>")

        def check(name: str, label: str, on: bool, note: str) -> str:
            return (f'<div class="pref pref-check"><input type="checkbox" data-pref="{name}" '
                    f'id="pref-{name}"{" checked" if on else ""}>'
                    f'<label for="pref-{name}">{escape(label)}</label>'
                    f'<p class="pref-note">{escape(note)}</p></div>')

        def swatches(name: str, label: str, current: str, options) -> str:
            """A choice shown as it looks: a radio button per option, each with a swatch
            painted by css/themes.css (data-back / data-tabletop) and its name."""
            items = "".join(
                f'<label class="swatch" for="pref-{name}-{value}">'
                f'<input type="radio" name="pref-{name}" data-pref="{name}" '
                f'id="pref-{name}-{value}" value="{value}"{" checked" if value == current else ""}>'
                f'<span class="swatch-look" data-{name}="{value}" aria-hidden="true"></span>'
                f'<span class="swatch-name">{escape(tr(text))}</span></label>'
                for value, text in options)
            return (f'<div class="pref pref-swatches" role="radiogroup" '
                    f'aria-labelledby="pref-{name}-name">'
                    f'<span class="pref-name" id="pref-{name}-name">{escape(label)}</span>'
                    f'<div class="swatches">{items}</div></div>')

        def tr_options(options):
            return [(value, tr(label)) for value, label in options]

        chosen = self.page.store.read(language.KEY)
        chosen = chosen if chosen in LANGUAGES else language.AUTO
        languages = [(language.AUTO, tr("Browser's language")), *LANGUAGES.items()]
        language_options = ""
        for code, name in languages:
            lang = "" if code == language.AUTO else f' lang="{code}"'
            selected = " selected" if code == chosen else ""
            language_options += f'<option value="{code}"{lang}{selected}>{escape(name)}</option>'
        self.dialog.innerHTML = (
            f'<h2 id="settings-title">{escape(tr("Settings"))}</h2>'
            '<div class="prefs">'
            f'<fieldset><legend>{escape(tr("Animation and play"))}</legend>'
            + row("speed", tr("Animation speed"),
                  select("speed", s.speed, tr_options(st.SPEED_LABELS)))
            + row("motion", tr("Reduced motion"),
                  select("motion", s.motion, tr_options(st.MOTION_LABELS)))
            + check("autoplay", tr("Play forced moves automatically"), s.autoplay,
                    tr("When only one move is possible, it is played for you after a short "
                       "pause. Undo takes it back. Never in Guard mode."))
            + check("sound", tr("Sound effects"), s.sound,
                    tr("Short sounds made by the page itself: a card placed, cards dealt, "
                       "a book, a refusal, a win."))
            + "</fieldset>"
            f'<fieldset><legend>{escape(tr("Appearance"))}</legend>'
            + row("theme", tr("Table colours"),
                  select("theme", s.theme, tr_options(st.THEME_LABELS)))
            + swatches("back", tr("Card backs"), s.back, st.BACK_LABELS)
            + swatches("tabletop", tr("Table"), s.tabletop, st.TABLETOP_LABELS)
            + check("contrast", tr("High-contrast cards"), s.contrast,
                    tr("Four-colour suits, black ink on white and bolder outlines."))
            + "</fieldset>"
            + row("language", tr("Language"),
                  f'<select data-pref="language" id="pref-language">{language_options}</select>')
            + "</div>"
            '<div class="buttons"><button type="button" class="primary" data-pref="close">'
            f'{escape(tr("Done"))}</button></div>'
        )
        self.page.emit("settings-rendered")  # the Backup part follows (backup_view.py)

    def on_click(self, event) -> None:
        target = event.target
        if dom.closest(target, "[data-pref='close']") is not None:
            self.dialog.close()

    def on_change(self, event) -> None:
        target = event.target
        name = dom.attribute(target, "data-pref")
        if not name:
            return
        if name == "language":
            self.set_language(str(target.value))
            return
        value = bool(target.checked) if str(target.type) == "checkbox" else str(target.value)
        changed = st.change(self.settings, name, value)
        if changed == self.settings:
            return
        self.settings = changed
        st.save(self.page.store, changed)
        self.apply()
        problem = self.page.store.take_problem()
        if problem:
            self.page.toast(problem)
        if name == "autoplay":
            self.after_change()  # a forced position now plays on

    def set_language(self, value: str) -> None:
        value = value if value in LANGUAGES else language.AUTO
        self.page.store.write(language.KEY, value)
        language.apply(value)
        # Redraw what Python wrote: the game list, or the game (opened again from its
        # save, which holds every move and the redo line).
        self.reroute()
        self.render()
        focus = self.dialog.querySelector("#pref-language")
        if not dom.missing(focus):
            focus.focus()

    def follow_other_tab(self, key: str) -> None:
        """Another tab of the site changed the settings (`key` is st.KEY) or the language
        (language.KEY): this tab shows the same."""
        if key == language.KEY:
            language.apply(self.page.store.read(language.KEY))
            self.reroute()  # redrawn, as above
        else:
            self.settings = st.load(self.page.store)[0]
            self.apply()
        if self.dialog.open:
            self.render()

    # -- auto-play --------------------------------------------------------------------------

    def after_change(self) -> None:
        """The game changed (the app saved it): a forced move plays on after a pause."""
        if not self._playing:
            self._chain = 0
        if self._pending or self._chain >= st.AUTOPLAY_LIMIT:
            return
        session = self.page.session
        if (st.auto_move(session, self.settings) is None or self.page.replaying
                or self.page.finishing):
            return
        self._pending = True
        self._token = (id(session), len(session.game.move_stack))
        after(max(st.AUTOPLAY_PAUSE_MS, move_ms() + 150), self._play)

    def _play(self, *_args) -> None:
        self._pending = False
        page, session = self.page, self.page.session
        if session is None or self._token != (id(session), len(session.game.move_stack)):
            return  # another game, or the player moved first
        move = st.auto_move(session, self.settings)
        if move is None or page.replaying or page.finishing:
            return
        self._chain += 1
        self._playing = True
        try:
            page.apply(session.play(move))
        finally:
            self._playing = False
