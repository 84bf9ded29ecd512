"""The page: routing between the game list and a game, buttons, dialogs and saving.

Everything that decides something lives in pure modules (session, opening, urlstate,
store); this module wires them to the DOM. Listeners are made once at start-up and
delegated (one per region), never per card or per render.
"""

from __future__ import annotations

from html import escape

from pyscript import document, window

from ..games import load, load_all
from ..i18n import language as current_language
from ..i18n import tr
from . import assist, language
from .board import Board
from .dom import after, by_id, listen, missing, move_ms, proxy
from .layouts import LAYOUTS
from .opening import open_game, random_deal
from .pointer import PointerInput
from .session import Reply, Session
from .store import Store, slot_key
from .urlstate import Route, game_query, parse_route


def local_storage():
    """window.localStorage, or None where reading it throws (some privacy modes)."""
    try:
        storage = window.localStorage
        storage.length  # noqa: B018 - touching it is what may throw
        return storage
    except Exception:  # noqa: BLE001
        return None


class App:
    def __init__(self) -> None:
        self.store = Store(local_storage())
        language.apply(self.store.read(language.KEY))
        self.session: Session | None = None
        self.key = ""
        self.board: Board | None = None
        self.body = document.body
        self.board_el = by_id("board")
        self.end_dialog = by_id("end-dialog")
        self.outcome_el = by_id("outcome")
        self.rules_dialog = by_id("rules-dialog")
        self.confirm_dialog = by_id("confirm-dialog")
        self.hand_dialog = by_id("hand-dialog")
        self.setup_dialog = by_id("setup-dialog")
        self.table = None  # a TableView while a table game is open
        self._toast_serial = 0
        self.lifted = None
        self.hint: assist.HintMarks | None = None  # shown until the next move
        self.demo_line: list[str] | None = None  # the last winning line replayed
        self.solver = None  # a SolverPanel once the end dialog first shows (solver_view)
        self.replay_view = None  # a ReplayView once a line is first shown
        self._deal_choices: dict[tuple, assist.DealChoice] = {}
        self._copied = proxy(
            lambda *_: self.toast(tr("Link copied: anyone opening it gets this deal.")))
        self._copy_failed = proxy(lambda *_: self.toast(str(window.location.href)))
        self._symbols: set[str] = set()
        PointerInput(self.board_el, self.on_touch, self.on_lift, self.on_drop)
        self._keyboard = self._announcer = self._stats = None  # made when first needed
        listen(document, "click", self.on_click)
        listen(window, "keydown", self.on_key)
        listen(document, "change", self.on_change)
        listen(window, "popstate", lambda *_: self.route(parse_route(str(window.location.search))))
        from .settings_view import SettingsView  # theme, motion, the dialog, auto-play

        self.settings_view = SettingsView(self)
        from .tabs_view import TabSync  # another tab saving this game, or the settings

        self.tabs = TabSync(self)

    # Made on first use, not at start-up: the game list needs none of them, and compiling
    # their modules is a measurable part of start-up under Pyodide (bench/startup.py).

    @property
    def keyboard(self):
        """Arrows, Tab, Enter/Space, "?" (keyboard.py)."""
        if self._keyboard is None:
            from .keyboard import KeyboardInput

            self._keyboard = KeyboardInput(self)
        return self._keyboard

    @property
    def announcer(self):
        """The polite live region that says every move (keyboard.py, announce.py)."""
        if self._announcer is None:
            from .keyboard import Announcer, LiveRegion

            self._announcer = Announcer(self, LiveRegion(by_id("announce")))
        return self._announcer

    @property
    def stats(self):
        """The clock, move counter and statistics (stats_view.py)."""
        if self._stats is None:
            from .stats_view import StatsView

            self._stats = StatsView(self)
        return self._stats

    # -- routing ------------------------------------------------------------------------

    def route(self, route: Route) -> None:
        if route.error:
            self.toast(route.error)
            window.history.replaceState(None, "", "./")
        if route.game_id:
            self.open(route.game_id, route.deal, route.options)
        else:
            self.show_home()

    def navigate(self, query: str) -> None:
        window.history.pushState(None, "", query or "./")
        # the address as the browser resolved it: the "Card Games" link's "./" is the list
        # (read as a query, "./" named no game and a toast said so on every way home)
        self.route(parse_route(str(window.location.search)))

    def show_home(self) -> None:
        self.stop_helpers()
        self.session = None
        self.table = None
        self.body.dataset.view = "home"
        self.body.dataset.game = ""
        document.title = tr("Card Games")
        tiles = []
        for game_id, cls in sorted(load_all().items(), key=lambda item: item[1].list_order):
            resume = ""
            key = self.store.current_key(game_id)
            record = self.store.load_record(key) if key else None
            deal = record.get("deal") if isinstance(record, dict) else None
            if type(deal) is int and not record.get("finished"):  # a stored value: trust nothing
                resume = f'<span class="resume">{escape(tr("Continue deal {n}", n=deal))}</span>'
            lang = f' lang="{cls.subtitle_lang}"' if cls.subtitle_lang else ""
            subtitle = (f'<span class="subtitle"{lang}>{escape(tr(cls.subtitle))}</span>'
                        if self.subtitle_shown(cls) else "")
            tiles.append(
                f'<li><a class="game-tile" data-game-id="{game_id}" href="?game={game_id}">'
                f"<h2>{escape(tr(cls.title))}</h2>{subtitle}"
                f'<p class="story">{escape(tr(cls.tagline))}</p>'
                f'<span class="duration">{escape(tr(cls.duration))}</span>{resume}</a>'
                f'<div class="modes">{self.mode_links(game_id)}</div></li>'
            )
        by_id("game-list").innerHTML = "".join(tiles)
        self.body.dataset.state = "ready"

    @staticmethod
    def subtitle_shown(cls) -> bool:
        """A subtitle that says more than the title (Devil's Grip's Dutch name is its title
        in Dutch)."""
        return bool(cls.subtitle) and tr(cls.subtitle) != tr(cls.title)

    @staticmethod
    def mode_links(game_id: str) -> str:
        links = []
        for label, query, note in LAYOUTS[game_id].modes:
            small = f" <small>{escape(tr(note))}</small>" if note else ""
            links.append(f'<a class="mode-link" data-game-id="{game_id}" '
                         f'href="?game={game_id}&{query}">{escape(tr(label))}{small}</a>')
        return "".join(links)

    def open(self, game_id: str, deal: int | None, options: dict) -> None:
        self.stop_helpers()
        self.hint = None
        if deal is None and not LAYOUTS[game_id].table:
            deal = self.fresh_deal_for(game_id, options)  # None: resume, or any number
        make = self.table_session if LAYOUTS[game_id].table else None
        self.store.last_loaded = None
        session, key, notes = open_game(self.store, game_id, deal, options, make)
        self.session, self.key = session, key
        # What another tab saves there from now on is noticed: the text this game was
        # loaded from is ours (if another tab saved since, the first save here sees it).
        loaded = self.store.last_loaded
        self.store.claim(key, loaded[1] if loaded and loaded[0] == key else self.store.read(key))
        self.stats.opened(session, key)
        game = session.game
        cls = type(game)
        self.body.dataset.view = "game"
        self.body.dataset.game = game_id
        self.body.dataset.guard = "on" if session.guarded else "off"
        by_id("btn-hint").hidden = not assist.has_hints(game_id, game.options)
        document.title = tr("{game} · deal {n}", game=tr(cls.title), n=game.deal)
        by_id("game-title").textContent = tr(cls.title)
        subtitle = by_id("game-subtitle")
        subtitle.textContent = tr(cls.subtitle) if self.subtitle_shown(cls) else ""
        subtitle.lang = cls.subtitle_lang  # "" means the page's own language
        by_id("deal-label").textContent = tr("Deal {n}", n=game.deal)
        by_id("options-label").textContent = LAYOUTS[game_id].options_text(game.options)
        window.history.replaceState(None, "", game_query(game_id, game.deal, game.options))
        layout = self.layout = LAYOUTS[game_id]
        if layout.faces.symbols not in self._symbols:  # the card faces' SVG symbols, once
            document.body.insertAdjacentHTML("beforeend", layout.faces.symbols)
            self._symbols.add(layout.faces.symbols)
        self.board_el.className = layout.board_class
        self.board_el.innerHTML = layout.board_html(game.options)
        self.board = Board(self.board_el, layout)
        self.board.after_render = self._after_render
        self.table = None
        if layout.table:
            from .table_view import TableView  # only tables need it

            self.table = TableView(self, session)
        for element_id, text in (
            ("score-label", tr(layout.score_label)), ("score-max", layout.score_of_max),
            ("outcome-score-label", tr(layout.score_label)),
            ("outcome-score-max", layout.score_of_max), ("pile-label", tr(layout.pile_label)),
        ):
            by_id(element_id).textContent = text
        self.close_dialogs()
        self.say("")  # nothing said about another game (or in another language) stays
        # nor does the end of the last game: this one, if ended, is marked again below (a
        # table's refresh never clears the mark, so a table looked over and its Result
        # button showed after a finished patience)
        self.outcome_el.removeAttribute("data-outcome")
        self.body.dataset.over = "no"
        self.render(animate=False)
        self.refresh()
        if self._announcer is not None:
            self._announcer.reset()
        for note in notes:
            self.toast(note)
        self.save()
        self.body.dataset.state = "ready"
        after(0, self._deal_extras)  # the deal lists load after the game is playable
        after(0, self._input_extras)  # so do keyboard play and the live region
        if self.table is not None:
            self.table.after_change()  # computer turns go on; a finished hand shows its summary
        elif game.is_over():
            self.show_outcome(open_dialog=False)

    # -- input --------------------------------------------------------------------------

    def table_session(self, game, redo: list[str], record: dict | None):
        from .table import NAMES_KEY, TableSession  # only tables need it

        names = record.get("names") if isinstance(record, dict) else None
        if not isinstance(names, list):
            stored = self.store.read(NAMES_KEY) or ""
            names = stored.split("\n") if stored else None
        return TableSession(game, redo, names)

    def on_touch(self, zone: str, card: str | None) -> None:
        self.stop_replay()
        if self.table is not None:
            self.table.on_touch(zone, card)
            return
        if self.session is None:
            return
        if card is None and self.session.held() is None:
            shown = self.board.shown.get(zone)
            if shown:  # a press beside the cards of a zone (or where its top card is
                card = shown[-1]  # still landing) means its top card
        position = self.position_of(zone, card)
        self.apply(self.session.touch(zone, position))

    def on_lift(self, zone: str, card: str):
        self.stop_replay()
        if self.table is not None:
            return self.table.on_lift(zone, card)
        if self.session is None or self.session.game.is_over():
            return None
        pick = self.session.pick_at(zone, self.position_of(zone, card))
        if pick is None:
            return None
        self.session.selected = None
        self.lifted = pick
        cards = self.session.game.zones()[zone][-pick.count:]
        self.board.mark(selected_cards=cards, targets=sorted(self.session.moves_from(pick)))
        return [self.board.nodes[c] for c in cards]

    def on_drop(self, zone: str | None, elements) -> None:
        if self.table is not None:
            self.table.on_drop(zone, elements)
            return
        if self.session is None:
            return
        cards = [str(element.dataset.card) for element in elements]
        self.apply(self.session.drop(self.lifted, zone), force=cards)

    def position_of(self, zone: str, card: str | None) -> int | None:
        if card is None or self.session is None:
            return None
        cards = self.session.game.zones().get(zone, [])
        return cards.index(card) if card in cards else None

    def on_click(self, event) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        tile = target.closest("a.game-tile, a.mode-link, a.brand")
        if not missing(tile) and not (event.ctrlKey or event.metaKey or event.shiftKey):
            event.preventDefault()
            self.navigate(str(tile.getAttribute("href")))
            return
        button = target.closest("[data-action]")
        if not missing(button) and not button.disabled:
            action = str(button.dataset.action)
            if action == "deal-kind":
                self.set_deal_kind(str(button.dataset.kind), deal=True)
            else:
                self.act(action)

    def on_key(self, event) -> None:
        if self.keyboard.on_key(event):
            return  # the board's keys, or none at all while a dialog or a field has them
        key = str(event.key).lower()
        if self.session is None:
            return
        if (event.ctrlKey or event.metaKey) and key in ("z", "y"):
            event.preventDefault()
            self.act("redo" if event.shiftKey or key == "y" else "undo")
        elif key == "escape" and self.replaying():
            self.act("replay-stop")
        elif key == "escape" and self.session.selected:
            self.apply(self.session.cancel())
        elif key == "h" and not (event.ctrlKey or event.metaKey or event.altKey):
            tag = str(getattr(event.target, "tagName", "") or "").lower()
            if tag not in ("input", "select", "textarea") and not document.querySelector(
                "dialog[open]"
            ):
                self.act("hint")

    def on_change(self, event) -> None:
        target = event.target
        setting = getattr(getattr(target, "dataset", None), "setting", None)
        if str(setting) == "deal-kind":
            self.set_deal_kind(str(target.value), deal=False)
        elif str(setting) == "pace" and self.table is not None:  # the table's pace select
            self.table.on_pace(event)

    # Actions that leave a replay running: they only look, or steer the replay/solver.
    PASSIVE = frozenset({"close", "rules", "show-outcome", "copy-link", "replay-faster",
                         "solve", "solve-cancel", "settings"})

    def act(self, action: str) -> None:
        session = self.session
        if action not in self.PASSIVE:
            self.stop_replay(quiet=action != "replay-stop")
        if action == "close":
            self.close_dialogs()
        elif action == "rules":
            self.show_rules()
        elif action == "settings":
            self.settings_view.show()
        elif action.startswith("stats"):
            self.stats.act(action)
        elif action == "home":
            self.navigate("")
        elif session is None:
            return
        elif action == "start-table":
            self.start_table()
        elif self.table is not None and self.table.act(action):
            return
        elif action == "undo":
            self.close_dialogs()
            self.apply(session.undo(), kind="undo")
        elif action == "redo":
            self.apply(session.redo(), kind="redo")
        elif action == "restart":
            self.close_dialogs()
            self.apply(session.restart(), kind="restart")
        elif action == "new":
            self.new_deal()
        elif action == "hint":
            self.show_hint()
        elif action == "solve":
            self.solver_panel().start()
        elif action == "solve-cancel":
            self.solver_panel().cancel()
        elif action == "show-line":
            line = self.solver_panel().line(session.game)
            if line and not session.guarded:
                self.replayer().start(line)
        elif action == "replay-faster":
            if self.replay_view is not None:
                self.replay_view.faster()
        elif action == "giveup":
            self.confirm_dialog.showModal()
        elif action == "confirm-giveup":
            self.close_dialogs()
            self.apply(session.give_up())
        elif action == "copy-link":
            self.copy_link()
        elif action == "show-outcome":
            if session.game.is_over():  # (a stale Result button: nothing to show)
                self.show_outcome(open_dialog=True)

    # -- showing ------------------------------------------------------------------------

    def apply(self, reply: Reply, force=(), kind: str = "") -> None:
        """Show a reply; `kind` ("undo", "redo", "restart") is for the live region."""
        if self.table is not None:
            self.table.apply(reply, force, kind=kind)
            return
        session = self.session
        before = self.board.last_zones
        if reply.changed:
            self.hint = None  # a hint holds until the position changes
        if reply.changed or force:
            self.render(force=force)
        if reply.refused:
            self.board.refuse(reply.refused_zone)
            self.say(reply.refused, guard=True)
        elif reply.changed:
            self.say("")
        for note in reply.notes:
            self.toast(note)
        self.refresh()
        self.announcer.reply(reply, before, kind)
        if reply.changed:
            self.save()
            if session.game.is_over():
                self.show_outcome(open_dialog=True)

    def render(self, animate: bool = True, force=()) -> None:
        if self.table is not None:
            self.table.render(animate=animate, force=force)
            return
        game = self.session.game
        turned = self.layout.turned_zone
        if turned:  # the stock's top card shows only while it is turned up to be placed
            self.board.top_only[turned] = 1 if game.turned() else 0
        self.board.render(game.zones(), animate=animate, force=force)

    def refresh(self) -> None:
        """Selection marks, buttons, score: everything cheap that follows the state."""
        if self.table is not None:
            self.table.refresh()
            return
        session = self.session
        game = session.game
        selected = []
        held = session.held()
        if held:
            selected = game.zones()[held.zone][-held.count:]
        hint = self.hint or assist.HintMarks()
        self.board.mark(
            selected_cards=selected, targets=session.targets(), swaps=session.swap_targets(),
            hint_cards=hint.cards, hint_zones=hint.zones,
        )
        buttons = {
            "undo": session.can_undo(),
            "redo": session.can_redo(),
            "restart": session.can_undo(),
            "giveup": not game.is_over(),
        }
        for action, enabled in buttons.items():
            for button in document.querySelectorAll(f'[data-action="{action}"]'):
                button.disabled = not enabled
        by_id("score").textContent = str(game.score)
        by_id("prompt").textContent = game.prompt()
        face_down = len(game.stock) - (1 if self.layout.turned_zone and game.turned() else 0)
        by_id("pile-count").textContent = str(face_down)  # the pile may be off-screen
        rating = by_id("rating")
        rating.textContent = game.rating() if hasattr(game, "rating") else ""
        key = game.rating_key() if hasattr(game, "rating_key") else str(rating.textContent)
        rating.dataset.rating = key.replace(" ", "-")  # English: a key for the stylesheet
        stock = self.board.zone_el.get("stock")
        if stock is not None:
            stock.classList.toggle("can-redeal", bool(getattr(game, "can_redeal", bool)()))
        if not game.is_over():
            self.outcome_el.removeAttribute("data-outcome")
            self.body.dataset.over = "no"
            if self.solver is not None and self.solver.running:
                self.solver.cancel()  # the game goes on: its end dialog is gone

    def show_outcome(self, open_dialog: bool) -> None:
        self.mark_outcome()
        if open_dialog:
            after(move_ms() + 120, self._open_end_dialog)

    def mark_outcome(self) -> None:
        """The end of the game in the DOM contract's terms and on the status line."""
        outcome = self.session.game.outcome()
        element = self.outcome_el
        element.setAttribute("data-outcome", "")
        element.dataset.won = "true" if outcome.won else "false"
        element.dataset.score = str(outcome.score)
        self.body.dataset.over = "yes"
        reason = outcome.reason
        if outcome.won:
            title = tr(self.layout.win_title)
            if self.demo_line and self.demo_line == [str(m) for m in self.session.game.move_stack]:
                title = tr("The winning line")
                reason = tr("This is how the solver wins this deal. Restart this deal to try it "
                            "yourself; Redo then plays the line a move at a time.")
        else:
            title = tr("You gave up") if outcome.resigned else tr("No more moves")
        by_id("outcome-title").textContent = title
        by_id("outcome-reason").textContent = reason
        by_id("outcome-score").textContent = str(outcome.score)
        self.say(tr("Game over: {label} {score}.", label=tr(self.layout.score_label).lower(),
                    score=outcome.score))

    def _open_end_dialog(self, *_args) -> None:
        if self.session is not None and self.session.game.is_over() and not self.end_dialog.open:
            if self.table is None:
                self.solver_panel().show_for(self.session.game)
            self.end_dialog.showModal()

    def show_rules(self) -> None:
        game_id = self.session.game.id if self.session else None
        article = by_id("rules-article")
        from .rules import RULES_HTML  # the first Rules page builds it

        html = RULES_HTML.get(game_id) or "".join(RULES_HTML.values())
        if self.session is not None and game_id in assist.SOLITAIRES:
            game = self.session.game
            html += assist.help_html(self.session.guarded, self.deal_choice_for(game).note)
        article.innerHTML = html
        self.rules_dialog.showModal()

    def close_dialogs(self) -> None:
        for dialog in (self.end_dialog, self.rules_dialog, self.confirm_dialog,
                       self.hand_dialog, self.setup_dialog):
            if dialog.open:
                dialog.close()
        keys = by_id("keys-dialog")  # the shortcuts ("?", keyboard.py)
        if keys.open:
            keys.close()

    def show_setup(self) -> None:
        from .table import setup_form

        game = self.session.game
        names = [name if kind == "h" else "" for kind, name in  # computers keep theirs
                 zip(game.players, self.table.session.names, strict=True)]
        by_id("setup-form").innerHTML = setup_form(game.players, names, game.options)
        self.keyboard.setup_fields()  # the classic options are out of reach under Jax
        self.setup_dialog.showModal()

    def start_table(self) -> None:
        """A new match with the seats and rules of the set-up form."""
        from .table import NAMES_KEY, read_setup

        form = by_id("setup-form")
        values = {}
        for field in form.querySelectorAll("select, input"):
            if str(field.type) in ("radio", "checkbox"):
                if field.checked:
                    values[str(field.name)] = str(field.value)
            else:
                values[str(field.name)] = str(field.value)
        options, names = read_setup(values)
        if len(options["players"]) < 2:
            self.toast(tr("A table needs at least two seats."))
            return
        self.store.write(NAMES_KEY, "\n".join(names))
        self.close_dialogs()
        self.stats.abandon()  # a match left unfinished counts as lost
        self.navigate(game_query("kings-corner", random_deal(), options))

    # -- help: hints, the solver, replays, deal lists -----------------------------------

    def show_hint(self) -> None:
        session = self.session
        if session is None or self.table is not None:
            return
        game = session.game
        if not assist.has_hints(game.id, game.options):
            return
        try:
            from ..ai import solitaire  # loaded on the first hint, never at start-up

            move = None if game.is_over() else solitaire.load(game.id).hint(game)
        except (ImportError, KeyError, AttributeError):
            self.say(tr("Hints for this game are not available yet."))
            return
        if move is None:
            self.hint = None
            self.refresh()
            self.say(assist.no_hint_text(game))
            return
        session.selected = None
        self.hint = assist.hint_marks(game, move, self.layout.faces.label, self.layout.faces.the)
        self.refresh()
        self.say(self.hint.text)

    def solver_panel(self):
        if self.solver is None:
            from .solver_view import SolverPanel

            self.solver = SolverPanel(self)
        return self.solver

    def replayer(self):
        if self.replay_view is None:
            from .solver_view import ReplayView

            self.replay_view = ReplayView(self)
        return self.replay_view

    def replaying(self) -> bool:
        return self.replay_view is not None and self.replay_view.active

    def stop_replay(self, quiet: bool = True) -> None:
        if self.replaying():
            self.replay_view.stop(quiet=quiet)

    def stop_helpers(self) -> None:
        """Another game or the game list: no replay or search goes on behind it."""
        self.stop_replay()
        if self.solver is not None:
            self.solver.cancel()

    def deal_choice_for(self, game) -> assist.DealChoice:
        key = (game.id, tuple(sorted(game.options.items())), current_language())
        choice = self._deal_choices.get(key)
        if choice is None:
            choice = self._deal_choices[key] = assist.deal_choice(
                game.id, game.options, type(game).OPTIONS
            )
        return choice

    def deal_kind(self, game_id: str, choice: assist.DealChoice) -> str:
        return choice.valid(self.store.read(assist.DEALS_KEY + game_id))

    def played(self, game_id: str, options: dict):
        """deal -> whether the player has a save of it (with these options)."""
        return lambda deal: self.store.read(slot_key(game_id, deal, options)) is not None

    def new_deal(self) -> None:
        self.stats.abandon()  # a game left unfinished, with a move made, counts as lost
        game = self.session.game
        deal = random_deal()
        if self.table is None:
            kind = self.deal_kind(game.id, self.deal_choice_for(game))
            deal = assist.choose_deal(game.id, kind, self.played(game.id, game.options))
        self.navigate(game_query(game.id, deal, game.options))

    def fresh_deal_for(self, game_id: str, options: dict) -> int | None:
        """The deal a game opened without a deal number starts from, when the player asked
        for a kind of deal and has no game of it to resume (None: as usual)."""
        stored = self.store.read(assist.DEALS_KEY + game_id)
        if not stored or stored == "any" or game_id not in assist.SOLITAIRES:
            return None
        key = self.store.current_key(game_id)
        record = self.store.load_record(key) if key else None
        if isinstance(record, dict) and not record.get("finished"):
            return None  # a game in progress is resumed
        cls = load(game_id)
        full = cls.check_options(options)
        kind = assist.deal_choice(game_id, full, cls.OPTIONS).valid(stored)
        if kind == "any":
            return None
        return assist.choose_deal(game_id, kind, self.played(game_id, full))

    def set_deal_kind(self, kind: str, deal: bool) -> None:
        session = self.session
        if session is None or self.table is not None:
            return
        game = session.game
        kind = self.deal_choice_for(game).valid(kind)
        self.store.write(assist.DEALS_KEY + game.id, kind)
        menu = by_id("deal-menu")
        if bool(menu.matches(":popover-open")):
            menu.hidePopover()
        if deal:
            self.close_dialogs()
            self.new_deal()
        else:
            self._deal_extras()

    def _deal_extras(self, *_args) -> None:
        """The deal's grade beside its number, and the choice of deals for new games."""
        session = self.session
        toggle = document.querySelector(".deal-kind-toggle")
        row = document.querySelector("#end-dialog .next-deal")
        badge = by_id("deal-grade")
        if session is None or self.table is not None:
            toggle.hidden = row.hidden = badge.hidden = True
            return
        game = session.game
        choice = self.deal_choice_for(game)
        kind = self.deal_kind(game.id, choice)
        toggle.hidden = row.hidden = not choice.offered
        by_id("deal-menu-kinds").innerHTML = "".join(
            f'<button type="button" data-action="deal-kind" data-kind="{escape(k)}" '
            f'aria-pressed="{"true" if k == kind else "false"}">{escape(label)}</button>'
            for k, label in choice.kinds
        )
        by_id("deal-menu-note").textContent = choice.note
        select = row.querySelector("select")
        select.innerHTML = "".join(
            f'<option value="{escape(k)}"{" selected" if k == kind else ""}>{escape(label)}'
            "</option>" for k, label in choice.kinds
        )
        select.value = kind
        row.title = choice.note
        label = dict(choice.kinds).get(kind, "")
        for button in document.querySelectorAll('[data-action="new"]'):
            button.title = (tr("Deal new cards") if kind == "any"
                            else tr("Deal new cards: {kind}", kind=label.lower()))
        grade = assist.deal_badge(game.id, game.deal, game.options, type(game).OPTIONS)
        badge.textContent = tr(grade) if grade else ""
        badge.hidden = not grade
        badge.dataset.grade = grade.lower()  # the English word: a key for the stylesheet
        badge.title = choice.note if grade else ""

    def say(self, text: str, guard: bool = False) -> None:
        message = by_id("message")
        message.textContent = self.layout.refusal_text(text) if guard else text
        message.classList.toggle("guard", guard)
        if text or self._announcer is not None:  # #message is seen, #announce heard
            self.announcer.say(str(message.textContent))

    def _after_render(self) -> None:
        if self._keyboard is not None:
            self._keyboard.sync()

    def _input_extras(self, *_args) -> None:
        """Keyboard play and the live region, made just after the game is playable."""
        if self.board is not None:
            self.keyboard.sync()
            if self._announcer is None:
                self.announcer.reset()

    def toast(self, text: str) -> None:
        toast = by_id("toast")
        toast.textContent = text
        toast.classList.add("show")
        self._toast_serial += 1
        after(6000, self._hide_toast)

    def _hide_toast(self, *_args) -> None:
        self._toast_serial -= 1
        if self._toast_serial <= 0:
            by_id("toast").classList.remove("show")

    def copy_link(self) -> None:
        """Copy the deal's address; where the clipboard refuses, show the address instead."""
        try:
            window.navigator.clipboard.writeText(str(window.location.href)).then(
                self._copied, self._copy_failed
            )
        except Exception:  # noqa: BLE001 - no clipboard API at all
            self._copy_failed()

    def save(self) -> None:
        session = self.session
        record = session.to_record()
        if self.tabs.before_save(record):
            return  # another tab saved this game since: it was followed, not overwritten
        record = self.stats.on_save(record)  # counts a game that just ended
        self.store.save_record(self.key, record, finished=session.game.is_over())
        problem = self.store.take_problem()
        if problem:
            self.toast(problem)
        self.settings_view.after_change()  # auto-play of a forced move


def start() -> App:
    app = App()
    app.route(parse_route(str(window.location.search)))
    return app
