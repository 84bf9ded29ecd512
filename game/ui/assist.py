"""The page's help for the one-player games, as pure logic: what a hint highlights and
says, how the solver's answer is put in words, how big a slice of search fits in one
timer tick, and which deal a new game starts from when the player asked for winnable
deals or a difficulty.

No browser import, so everything here is tested in CPython (tests/test_solver_view.py);
game/ui/solver_view.py and game/ui/app.py show it. Nothing here imports `game.ai` at
module level: the page loads the AI only when the player first asks for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import MAX_DEAL, MIN_DEAL, Game, Kind, Move
from ..games import load
from ..i18n import mark, tr, tr_n
from .numbers import grouped

# -- hints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HintMarks:
    """What a hint shows: cards that glow (those to move), zones that glow (where they
    go, or a pile to deal from), and one sentence for the status line."""

    cards: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    text: str = ""


def has_hints(game_id: str, options: dict) -> bool:
    """Hints exist for the games with a solver and a hint, and never in Guard mode."""
    return load(game_id).has_hints and not options.get("guard")


def hint_marks(game: Game, move: Move, label: Callable[[str], str],
               the: Callable[[str], str] | None = None) -> HintMarks:
    """The marks and sentence for `move` in `game` (before it is made); `label` names a
    card ('3 Green Axe', '10 of hearts') and `the` gives it with its article, as a
    sentence uses it ('the 10 of hearts'; by default "the" and the label)."""
    if the is None:
        def the(card: str) -> str:
            return tr("the {card}", card=label(card))

    marks = _marks(game, move, label, the)
    why = game.why(move)
    return HintMarks(marks.cards, marks.zones, f"{marks.text} {why}") if why else marks


def _marks(game: Game, move: Move, label: Callable[[str], str],
           the: Callable[[str], str]) -> HintMarks:
    """What hint_marks shows and says, but the reason."""
    zones = game.zones()
    gesture = move.gesture
    if gesture.kind is Kind.DEAL:
        return HintMarks(zones=(gesture.source,), text=tr("Hint: deal from the stock."))
    if gesture.kind is Kind.REDEAL:
        return HintMarks(zones=(gesture.source,),
                         text=tr("Hint: turn the waste over to deal again."))
    source, target = gesture.source, gesture.target
    if gesture.kind is Kind.PAIR:  # two cards removed together (Kings in the Corner)
        first, second = zones[source][-1], zones[target][-1]
        return HintMarks(cards=(first, second),
                         text=tr("Hint: remove {card} and {other}.",
                                 card=the(first), other=the(second)))
    if gesture.kind is Kind.SWAP:  # two piles trade places (Devil's Grip)
        first, second = zones[source], zones[target]
        name = (tr("the pile of {card}", card=the(first[0])) if first
                else tr("the empty cell"))
        other = (tr("the pile of {card}", card=the(second[0])) if second
                 else tr("the empty cell"))
        return HintMarks(cards=tuple(first + second), zones=(source, target),
                         text=tr("Hint: swap {first} with {second}.", first=name, second=other))
    if gesture.kind in (Kind.BUILD, Kind.PLACE, Kind.REMOVE) and source and target:
        count = gesture.count or len(zones[source])
        cards = tuple(zones[source][-count:])
        if gesture.kind is Kind.REMOVE:
            return HintMarks(cards=cards, zones=(target,),
                             text=tr("Hint: remove {card}.", card=the(cards[0])))
        onto = zones[target]
        several = count > 1
        if gesture.kind is Kind.PLACE:
            sentence = (mark("Hint: place {card} and the cards on it on the glowing cell.")
                        if several else mark("Hint: place {card} on the glowing cell."))
        elif onto:
            sentence = (mark("Hint: move {card} and the cards on it onto {other}.")
                        if several else mark("Hint: move {card} onto {other}."))
        else:
            sentence = (mark("Hint: move {card} and the cards on it to the glowing empty cell.")
                        if several else mark("Hint: move {card} to the glowing empty cell."))
        other = the(onto[-1]) if onto else ""
        return HintMarks(cards=cards, zones=(target,),
                         text=_fill(sentence, card=the(cards[0]), other=other))
    return HintMarks(text=tr("Hint: {move}.", move=str(move)))


def _fill(sentence: str, **params: str) -> str:
    """A marked sentence in the current language, with only the placeholders it uses."""
    return tr(sentence, **{k: v for k, v in params.items() if "{" + k + "}" in sentence})


def no_hint_text(game: Game) -> str:
    if game.is_over():
        return tr("The game is over: there is nothing left to hint.")
    return tr("No hint: no move here makes progress.")


# -- the solver -----------------------------------------------------------------------------

BUDGET_NODES = 2_000_000  # positions a "Could it be won?" search may visit
BUDGET_SECONDS = 120.0  # and seconds of searching (the page's time, not counting pauses)
SLICE_MS = 40.0  # a slice of search per timer tick: the page repaints between slices
FIRST_QUOTA = 500
# Work nobody waits for (Finish the game's check after each move) goes in short slices: a
# click made meanwhile waits for the slice running, so at most about half a frame.
BACKGROUND_SLICE_MS = 8.0
BACKGROUND_FIRST_QUOTA = 100
MIN_QUOTA, MAX_QUOTA = 50, 200_000


@dataclass
class SliceSizer:
    """How many nodes the next slice may search so that it takes about `target_ms`: from
    the search's speed so far, smoothed when it speeds up (some positions cost far more
    than others) but followed at once when it slows down, growing at most twofold and
    shrinking at most fourfold from one slice to the next."""

    target_ms: float = SLICE_MS
    quota: int = FIRST_QUOTA
    rate: float | None = None  # nodes per millisecond

    def update(self, nodes: int, elapsed_ms: float) -> int:
        if nodes > 0 and elapsed_ms >= 1.0:
            rate = nodes / elapsed_ms
            if self.rate is None or rate < self.rate:
                self.rate = rate
            else:
                self.rate = 0.7 * self.rate + 0.3 * rate
            wanted = self.rate * self.target_ms
        else:  # too quick to measure (or it searched nothing): try more
            wanted = self.quota * 2.0
        wanted = max(min(wanted, self.quota * 2.0), self.quota / 4.0)
        self.quota = round(min(MAX_QUOTA, max(MIN_QUOTA, wanted)))
        return self.quota


def background_sizer() -> SliceSizer:
    """The sizer of work done between the player's clicks, unasked: short slices."""
    return SliceSizer(target_ms=BACKGROUND_SLICE_MS, quota=BACKGROUND_FIRST_QUOTA)


def sized_step(work, sizer: SliceSizer):
    """One slice of `work` (a search of game.ai: `nodes` counted so far, `step(quota)`), as
    many nodes as `sizer` allows, the sizer told how long it took: what `step` returned,
    and the slice's milliseconds. The one slice of the hint, Finish the game's check and
    the solver's "Could it be won?"."""
    before = work.nodes
    started = time.perf_counter()
    result = work.step(sizer.quota)
    elapsed_ms = (time.perf_counter() - started) * 1000
    sizer.update(work.nodes - before, elapsed_ms)
    return result, elapsed_ms


def fresh_game(game: Game) -> Game:
    """The deal of `game` at its start, as a new game (a deal, or an explicit deck)."""
    cls = type(game)
    if game.deck is not None:
        return cls.new(deck=list(game.deck), **game.options)
    return cls.new(deal=game.deal, **game.options)


def deal_key(game: Game) -> tuple:
    """Which deal a search answers for: the game, the deal (or deck) and the options
    that change play (Guard mode does not)."""
    options = tuple(sorted((k, v) for k, v in game.options.items() if k != "guard"))
    where = tuple(game.deck) if game.deck is not None else game.deal
    return (game.id, where, options)


def search_progress(nodes: int, seconds: float, max_nodes: int = BUDGET_NODES,
                    max_seconds: float = BUDGET_SECONDS) -> float:
    """How much of the budget is spent, 0 to 1: nodes or seconds, whichever runs out first."""
    return max(0.0, min(1.0, max(nodes / max_nodes, seconds / max_seconds)))


def progress_text(nodes: int) -> str:
    return tr_n("{count} position searched", "{count} positions searched", nodes,
                count=grouped(nodes))


def answer_text(status: str, moves: int, value: int, nodes: int,
                value_text: Callable[[int], str] | None = None) -> str:
    """The solver's answer for the player, in one or two sentences; `value_text` says
    what the best value of a lost deal means (the AI's SolitaireAI.value_text)."""
    if status == "won":
        return tr_n("Yes: this deal can be won in {n} move.",
                    "Yes: this deal can be won in {n} moves.", moves)
    if status == "lost":
        text = tr("No: no sequence of moves wins this deal.")
        if value_text is not None:
            text += " " + value_text(value)
        return text
    return tr("The solver gave up after {count} positions without an answer.",
              count=grouped(nodes))


# -- replays ---------------------------------------------------------------------------------

REPLAY_PACES = (650, 300, 90)  # ms between the moves of a replay: calm, faster, fastest


@dataclass
class Replay:
    """A winning line being shown on the board, move by move."""

    total: int
    pace: int = 0  # index into REPLAY_PACES
    shown: int = 0

    @property
    def delay(self) -> int:
        return REPLAY_PACES[self.pace]

    def faster(self) -> int:
        self.pace = min(self.pace + 1, len(REPLAY_PACES) - 1)
        return self.delay

    @property
    def fastest(self) -> bool:
        return self.pace == len(REPLAY_PACES) - 1

    def text(self) -> str:
        return tr("Move {shown} of {total}", shown=self.shown, total=self.total)


# -- finishing a game whose rest is certain ------------------------------------------------

FINISH_PACE_MS = 260  # ms between the moves of "Finish the game" at least


def finish_delay(move_ms: float) -> float:
    """The time between two moves of "Finish the game": the card's glide (the animation
    speed setting's, 0 when motion is off or reduced) and a short beat to see where it
    went, never quicker than FINISH_PACE_MS, so the end of a game reads move by move."""
    return max(float(FINISH_PACE_MS), move_ms + 100.0)


# -- choosing deals --------------------------------------------------------------------------

DEALS_KEY = "cardgames:settings:deals:"  # + game id: the kind of deal a new game starts from
WINNABLE_NOTE = mark("Winnable deals are deals the solver, which sees every card, proved "
                     "can be won. You still have to find the way.")

@dataclass
class DealChoice:
    """What the page offers for new deals of one game with its options: (kind, label)
    pairs and a note, in the language of the moment they were made."""

    kinds: list[tuple[str, str]] = field(default_factory=lambda: [("any", "Any deal")])
    note: str = ""

    @property
    def offered(self) -> bool:
        return len(self.kinds) > 1

    def valid(self, kind: str | None) -> str:
        """`kind` when it is offered; for a grade that is not, the winnable deals when
        they are (every graded deal is winnable: Devil's Grip with one pass has only
        those); else any deal."""
        offered = {k for k, _ in self.kinds}
        if kind in offered:
            return kind
        if kind in GRADE_WORDS and "winnable" in offered:
            return "winnable"
        return "any"


def lists_of(game_id: str, options: dict) -> str | None:
    """Which deal lists apply to a game of `game_id` with `options`: the game's own
    (GameInfo.deals_id) with its default options, "<deals id>.<Mode.name>" with the
    options of a mode of its tile, none with any other options (a deal winnable with three
    cards dealt at a time may not be with one). Guard mode changes the page, not the deals.
    Which of them has lists at all is deal_lists' to say."""
    info = load(game_id)
    if not info.has_hints:
        return None
    engine = info.engine

    def dealt(chosen: dict) -> dict:
        return {name: value for name, value in engine.check_options(chosen).items()
                if name != "guard"}

    from ..ai.deal_lists import lists_key

    wanted = dealt(options)
    if wanted == dealt({}):
        return lists_key(info.deals_id)
    from .urlstate import mode_options

    for mode in info.modes:
        if dealt(mode_options(game_id, mode)) == wanted:
            return lists_key(info.deals_id, mode.name)
    return None


def deal_choice(game_id: str, options: dict) -> DealChoice:
    lists = lists_of(game_id, options)
    if lists is None:
        return DealChoice()
    from ..ai import deal_lists

    kinds = deal_lists.choices(lists)
    note = deal_lists.grade_note(lists)
    if not note and any(kind == "winnable" for kind, _ in kinds):
        note = tr(WINNABLE_NOTE)
    return DealChoice(kinds, note)


def choose_deal(game_id: str, options: dict, kind: str, played: Callable[[int], bool],
                rng: random.Random | None = None, tries: int = 24) -> int:
    """The deal a new game of `game_id` with `options` starts from: any number for "any"
    (or a list that is empty or does not apply), else one of the list `kind`, preferring
    one the player has no save of."""
    rng = rng or random.Random()
    lists = lists_of(game_id, options) if kind != "any" else None
    if lists is not None:
        from ..ai import deal_lists

        deals = deal_lists.deals_of(lists, kind)
        if deals:
            first = None
            for _ in range(tries):
                deal = deal_lists.pick(lists, kind, rng.randrange(1 << 30))
                first = deal if first is None else first
                if not played(deal):
                    return deal
            start = rng.randrange(len(deals))  # mostly played: walk the list for a new one
            for step in range(len(deals)):
                deal = deals[(start + step) % len(deals)]
                if not played(deal):
                    return deal
            return first
    return rng.randint(MIN_DEAL, MAX_DEAL)


GRADE_WORDS = {"easy": mark("Easy"), "medium": mark("Medium"), "hard": mark("Hard")}
WINNABLE = mark("Winnable")


def deal_badge(game_id: str, deal: int | None, options: dict) -> str:
    """'Easy', 'Medium' or 'Hard' for a graded deal, 'Winnable' for one the solver proved
    winnable, '' otherwise (or when no lists apply to these options). English, and also a
    CSS key (data-grade): show it with tr(...)."""
    lists = lists_of(game_id, options) if deal is not None else None
    if lists is None:
        return ""
    from ..ai import deal_lists

    grade = deal_lists.grade_of(lists, deal)
    if grade:
        return GRADE_WORDS.get(grade, grade.capitalize())
    if deal in deal_lists.deals_of(lists, "winnable"):
        return WINNABLE
    return ""


def help_html(guarded: bool, deal_note: str) -> str:
    """The rules page's section on hints, the solver and the choice of deals."""
    from html import escape

    if guarded:
        hint = f"<li>{tr('Guard mode gives no hints.')}</li>"
    else:
        hint = "<li>" + tr(
            "<b>Hint</b> (or the <kbd>H</kbd> key) lights up a good move: the cards "
            "to move glow, and so does the place they go. It knows only what you have "
            "seen, never a card still hidden.") + "</li>"
    replay = ("" if guarded else " " + tr(
        "When it can, <b>Show me</b> plays a winning line on the board, a move at a time; "
        "Stop it whenever you like, and Redo goes on from there."))
    deals = ""
    if deal_note:
        deals = "<li>" + tr(
            "The arrow beside <b>New deal</b> chooses which deals you get: any, or only "
            "some. {note}", note=escape(deal_note)) + "</li>"
    return (
        f'<h3 id="help">{tr("Help from the computer")}</h3><ul class="help">'
        f"{hint}"
        "<li>" + tr(
            "When a game is over, <b>Could it be won?</b> asks the solver, which sees "
            "every card, the stock too, whether any sequence of moves wins the deal. It "
            "thinks while you look on, and Cancel stops it.") + replay + "</li>"
        f"{deals}</ul>"
    )
