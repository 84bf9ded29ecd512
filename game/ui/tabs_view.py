"""The page's side of tabs.py: the `storage` listener, and the check before each save."""

from __future__ import annotations

import json

from pyscript import window

from ..i18n import tr
from . import language
from .dom import after, listen, missing
from .settings import KEY as SETTINGS_KEY
from .store import PREFIX
from .tabs import FOLLOWED, FOREIGN, GONE, KEPT_ASIDE, SAME, decide, holds_more, moved_on


class TabSync:
    """Listens to the other tabs of the site (the page's one `storage` listener)."""

    RETRY_MS = 250  # a drag in progress: look again when it is over

    def __init__(self, app) -> None:
        self.app = app
        listen(window, "storage", self.on_storage)

    def on_storage(self, event) -> None:
        app = self.app
        if missing(event.key):
            return  # the storage was cleared: this tab's next save writes its game back
        key = str(event.key)
        if key in (SETTINGS_KEY, language.KEY):
            app.settings_view.follow_other_tab(key)
        elif app.session is None:
            if key.startswith((f"{PREFIX}current:", f"{PREFIX}save:")):
                app.show_home()  # "Continue deal N" as the other tab left it
        elif key == app.key:
            self.check()

    def check(self, *_args) -> None:
        """Another tab saved this tab's slot: follow the stored game, if it is this game at
        another point; if it is gone or not this game, write this tab's game back."""
        app = self.app
        if app.session is None or not app.store.changed_elsewhere(app.key):
            return
        if app.lifted is not None:  # cards in the player's hand: after the drop
            after(self.RETRY_MS, self.check)
            return
        if not self.reconcile(app.session.to_record(), unsaved=False) and (
                app.store.read(app.key) is None):
            app.save()

    def before_save(self, record: dict) -> bool:
        """Called by App.save with the record about to be written: True when another tab
        saved this slot since this tab last did. Then this tab follows the stored game
        (its own line is set aside when it holds moves the stored one lacks), and the
        record must not be written."""
        return self.reconcile(record, unsaved=True)

    def reconcile(self, record: dict, unsaved: bool) -> bool:
        """True when this tab followed another tab's newer save of its slot. `record` is
        this tab's game; `unsaved`: it holds a change not stored yet (kept aside then,
        when the stored game lacks its moves; a game already stored needs no copy)."""
        app, store = self.app, self.app.store
        if not store.changed_elsewhere(app.key):
            return False
        text = store.read(app.key)
        if not moved_on(store.seen.get(app.key), text):  # its clock, not a move
            store.claim(app.key, text)
            return False
        verdict = decide(record, text)
        if verdict in (GONE, FOREIGN):
            if verdict == FOREIGN:
                store.set_aside(app.key)
            store.claim(app.key, store.read(app.key))
            return False  # nothing of another game there: write ours
        if verdict == SAME:
            store.claim(app.key, text)
            return False
        theirs = store.load_record(app.key)
        if unsaved and holds_more(record, theirs):
            store.keep_aside(app.key, json.dumps(record, separators=(",", ":")))
            self.follow(tr(KEPT_ASIDE))
        else:
            self.follow(tr(FOLLOWED))
        return True

    def follow(self, sentence: str) -> None:
        """Open this game again from its stored save, and say why the board changed."""
        game = self.app.session.game
        self.app.open(game.id, game.deal, dict(game.options))
        self.app.toast(sentence)
