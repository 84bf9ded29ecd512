"""The page's side of tabs.py: the `storage` listener, and the check before each save."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window

from ..i18n import tr
from . import language
from .dom import after, listen, missing
from .record import SaveRecord
from .settings import KEY as SETTINGS_KEY
from .store import PREFIX
from .tabs import FOLLOWED, FOREIGN, GONE, KEPT_ASIDE, SAME, decide, holds_more, moved_on

if TYPE_CHECKING:
    from .page import Page
    from .settings_view import SettingsView


class TabSync:
    """Listens to the other tabs of the site (the page's one `storage` listener)."""

    RETRY_MS = 250  # a drag in progress: look again when it is over

    def __init__(self, page: Page, settings: SettingsView, reroute: Callable[[], None],
                 home: Callable[[], None]) -> None:
        self.page = page
        self.settings = settings
        self.reroute = reroute  # the game opened again from its stored save
        self.home = home  # the game list drawn again
        listen(window, "storage", self.on_storage)
        page.on("saving", self.before_save)

    def on_storage(self, event) -> None:
        page = self.page
        if missing(event.key):
            return  # the storage was cleared: this tab's next save writes its game back
        key = str(event.key)
        if key in (SETTINGS_KEY, language.KEY):
            self.settings.follow_other_tab(key)
        elif page.session is None:
            if key.startswith((f"{PREFIX}current:", f"{PREFIX}save:")):
                self.home()  # "Continue deal N" as the other tab left it
        elif key == page.key:
            self.check()

    def check(self, *_args) -> None:
        """Another tab saved this tab's slot: follow the stored game, if it is this game at
        another point; if it is gone or not this game, write this tab's game back."""
        page = self.page
        if page.session is None or not page.store.changed_elsewhere(page.key):
            return
        if page.lifted is not None:  # cards in the player's hand: after the drop
            after(self.RETRY_MS, self.check)
            return
        page.flush()  # this tab's last move, shown but not stored yet, is saved first: its
        # save's check (before_save) keeps it aside when the other tab's game lacks it
        if page.session is None or not page.store.changed_elsewhere(page.key):
            return  # (that save followed the other tab's game)
        if not self.reconcile(self.record(), unsaved=False) and (
                page.store.read(page.key) is None):
            page.save()

    def record(self) -> dict:
        """This tab's game as a save's fields (what `decide` compares)."""
        return self.page.session.record().to_dict()

    def before_save(self, record: SaveRecord) -> bool:
        """Called with the record about to be written (the page's "saving" event): True when
        another tab saved this slot since this tab last did. Then this tab follows the
        stored game (its own line is set aside when it holds moves the stored one lacks),
        and the record must not be written."""
        return self.reconcile(record.to_dict(), unsaved=True)

    def reconcile(self, record: dict, unsaved: bool) -> bool:
        """True when this tab followed another tab's newer save of its slot. `record` is
        this tab's game; `unsaved`: it holds a change not stored yet (kept aside then,
        when the stored game lacks its moves; a game already stored needs no copy)."""
        page, store = self.page, self.page.store
        key = page.key
        if not store.changed_elsewhere(key):
            return False
        text = store.read(key)
        if not moved_on(store.seen.get(key), text):  # its clock, not a move
            store.claim(key, text)
            return False
        verdict = decide(record, text)
        if verdict in (GONE, FOREIGN):
            if verdict == FOREIGN:
                store.set_aside(key)
            store.claim(key, store.read(key))
            return False  # nothing of another game there: write ours
        if verdict == SAME:
            store.claim(key, text)
            return False
        try:
            theirs = store.load_record(key)
        except ValueError:  # a newer site's record
            theirs = None
        if unsaved and holds_more(record, theirs.to_dict() if isinstance(
                theirs, SaveRecord) else None):
            store.keep_aside(key, SaveRecord.from_dict(record).to_json())
            self.follow(tr(KEPT_ASIDE))
        else:
            self.follow(tr(FOLLOWED))
        return True

    def follow(self, sentence: str) -> None:
        """Open this game again from its stored save, and say why the board changed."""
        self.page.store.follow(self.page.key)  # the other tab keeps the clock now (even as
        self.reroute()  # the game opens again: StatsView.opened)
        self.page.toast(sentence)
