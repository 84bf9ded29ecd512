"""Solver, hint and greedy player for Devil's Square and King's Square (one engine).

The solver is `kings_keys_solver.KingsKeysSearch` (`new_search`): it sees the draw pile.

The hint sees only the field, the books and the size of the draw pile (`HintSearch`). It
knows which cards are still to come (every card not on the field nor in a book), only not
their order, so it samples orders (game/ai/sampling.py: seeded from the visible position,
so the same position always gets the same hint and nothing hidden is read), solves each
sample with the full-information solver from here, and counts for each way to make the
next progress (a macro: shuffles in one Colour, then a book or an emptied cell) how many
samples it wins; the first progress the solver's search tries that wins is the sample's
vote. The way with the most votes is the plan, and the hint is its first move. Ways that
lead to the same arrangement class (moves that can be undone apart, see
`kings_keys_solver`) are one way, and the position is known by those classes, so while the
player follows a plan step by step the hint stays the same plan, each move one step nearer
to it. Once the pile is empty nothing is hidden: the hint follows the solver's winning
line. When no sample is won (or the pile is empty and the deal is lost), it falls back to
the nearest progress in sight (`nearest_progress`): a book if one can be reached, else a
cell emptied while the pile has cards, the field left with the longest stacks.

The greedy player makes a book when one move does it, else empties a cell when one move
does it, else stops: the baseline of the win-rate table.
"""

from __future__ import annotations

from collections import deque

from ..engine.cards import KINGS_KEYS_DECK, KK_COLOUR, KK_NUMBER
from ..games.kings_keys import BOOK, StackMove, colour_moves
from ..i18n import tr_n
from . import kings_keys_solver as solver
from .sampling import Tally, sample, sampler
from .solitaire import FINISH_NODES, Grading, Resumable, SolitaireAI

HINT_STATES = 20_000  # states the fallback explores per colour at most (a few hundred is usual)
SAMPLES = 16  # sampled orders of the draw pile a hint solves at most
GIVE_UP = 6  # samples without a single win after which the hint falls back
SAMPLE_NODES = 2_000  # solver nodes per sample at most
EVERY_FIRST = False  # each sample says every first macro that wins it, not only the first


def new_search(game, max_nodes: int = 2_000_000, max_seconds: float | None = None):
    """The full-information solver of this position (resumable: `step`, `progress`)."""
    return solver.KingsKeysSearch(game, max_nodes, max_seconds)


# -- the hint -------------------------------------------------------------------------------

def shape(stacks) -> int:
    """How promising a colour's stacks look: long stacks that start at 1 are nearly books."""
    total = 0
    for stack in stacks:
        weight = 3 if KK_NUMBER[stack[0]] == 1 else 1
        total += weight * len(stack) * len(stack)
    return total


def colour_plan(stacks: tuple[tuple[str, ...], ...], has_stock: bool):
    """The best progress reachable for one colour's stacks, as
    (rank, first move as (source stack, target stack, take)), or None.
    Rank sorts best first: books before empties, then nearer, then better shaped."""
    seen = {stacks: None}
    queue = deque([(stacks, None, 0)])
    best = None
    while queue:
        state, first, depth = queue.popleft()
        if best is not None and best[0][0] == 0 and depth > best[0][1]:
            break  # a book is in sight: nothing deeper can rank higher
        for move, rest, merged in colour_moves(state):
            step = first or move
            book = len(merged) == BOOK
            if book or (move[2] == len(move[0]) and has_stock):
                after = rest if book else [*rest, merged]
                rank = (0 if book else 1, depth, -shape(after), step)
                if best is None or rank < best[0]:
                    best = (rank, step)
                continue
            nxt = tuple(sorted([*rest, merged]))
            if nxt not in seen and len(seen) < HINT_STATES:
                seen[nxt] = None
                queue.append((nxt, step, depth + 1))
    return best


def nearest_progress(game) -> StackMove | None:
    """The first move towards the best progress in sight: the hint's fallback."""
    if game.is_over():
        return None
    by_colour: dict[str, list[tuple[str, ...]]] = {}
    for cell in game.cells:
        if cell:
            by_colour.setdefault(KK_COLOUR[cell[0]], []).append(tuple(cell))
    best = None
    for colour in sorted(by_colour):
        stacks = by_colour[colour]
        if len(stacks) < 2:
            continue
        plan = colour_plan(tuple(sorted(stacks)), bool(game.stock))
        if plan is not None and (best is None or plan[0] < best[0]):
            best = plan
    if best is None:
        return None
    src, dst, take = best[1]
    cells = [tuple(cell) for cell in game.cells]
    return StackMove(cells.index(src), cells.index(dst), take)


def greedy(game) -> StackMove | None:
    """A book if one move makes it, else a cell emptied while the pile has cards, else None."""
    if game.is_over():
        return None
    empty = None
    for move in game.legal_moves():
        src, dst = game.cells[move.src], game.cells[move.dst]
        if len(dst) + move.count == BOOK:
            return move
        if empty is None and move.count == len(src) and game.stock:
            empty = move
    return empty


# -- the hint: sampled orders of the draw pile --------------------------------------------

_plans: dict[tuple, tuple | None] = {}  # visible position -> the plan chosen (or None)
PLANS_KEPT = 20_000


class HintSearch:
    """The hint for `game`, worked out in slices so a page can stay responsive and stop
    it: `step(quota)` solves samples for up to about `quota` solver nodes and says whether
    it is done; then `move` is the hint (None when there is nothing to hint). `hint(game)`
    runs one to the end."""

    def __init__(self, game, samples: int = SAMPLES, sample_nodes: int = SAMPLE_NODES) -> None:
        self.game = game
        self.move: StackMove | None = None
        self.done = False
        self.nodes = 0
        self.sample_nodes = sample_nodes
        self.current: solver.Core | None = None
        if game.is_over():
            self.done = True
            return
        self.actual = actual = solver.field_configs(game.cells)
        reps = tuple(solver.representative(config) for config in actual)
        if not game.stock:  # nothing is hidden: the solver's line, if the deal is won
            self._endgame(actual)
            return
        self.visible = (reps, len(game.stock))
        if self.visible in _plans:
            self._finish(_plans[self.visible])
            return
        ranked = []
        for colour in range(solver.COLOURS):
            if len(reps[colour]) < 2:
                continue
            for macro in solver.macros(reps[colour])[1]:
                ranked.append((macro[4], (colour, solver.representative(macro[0]))))
        ranked.sort(key=lambda item: item[0])
        candidates = list(dict.fromkeys(plan for _rank, plan in ranked))
        if len(candidates) <= 1:
            self._finish(candidates[0] if candidates else None)
            return
        seen = {card for cell in game.cells for card in cell} | set(game.books)
        self.unseen = sorted(card for card in KINGS_KEYS_DECK if card not in seen)
        self.rng = sampler(repr(self.visible))
        self.tally = Tally(candidates, samples, GIVE_UP)

    @property
    def progress(self) -> float:
        if self.done:
            return 1.0
        return min(0.99, self.tally.solved / self.tally.samples)

    def step(self, quota: int) -> bool:
        """Search up to about `quota` solver nodes; True once the hint is known."""
        while not self.done and quota > 0:
            current = self.current
            if current is None:
                if self.tally.settled:
                    best = self.tally.best()
                    if len(_plans) > PLANS_KEPT:
                        _plans.clear()
                    _plans[self.visible] = best
                    self._finish(best)
                    break
                order = sample(self.unseen, self.rng)
                current = self.current = solver.Core(self.actual, solver.Deal(order),
                                                     every_first=EVERY_FIRST)
            before = current.nodes
            status = current.step(min(quota, self.sample_nodes - before))
            used = max(1, current.nodes - before)
            quota -= used
            self.nodes += used
            if status is None and current.nodes < self.sample_nodes:
                continue
            winners = []
            firsts = current.first_wins if EVERY_FIRST else current.line[:1]
            for colour, (_root, _steps, post) in firsts:
                plan = (colour, solver.representative(post))
                if plan in self.tally.wins and plan not in winners:
                    winners.append(plan)
            self.tally.add(winners)
            self.current = None
        return self.done

    def _finish(self, plan) -> None:
        """The first move of `plan` (colour, arrangement class after its progress) from
        the field as it is, or the fallback when there is no plan."""
        self.done = True
        if plan is None:
            self.move = nearest_progress(self.game)
            return
        colour, target = plan
        steps = solver.macro_path(self.actual[colour], target)
        self.move = solver.first_step(self.game, colour, steps[0])

    def _endgame(self, actual) -> None:
        self.done = True
        core = solver.Core(actual, solver.Deal([]))
        if core.status != solver.WON:
            self.move = nearest_progress(self.game)
            return
        for colour in range(solver.COLOURS):
            if actual[colour]:
                step = solver.clear_line(actual[colour])[0]
                self.move = solver.first_step(self.game, colour, step)
                return


def hint(game) -> StackMove | None:
    """The hint for `game`, worked out to the end (see `HintSearch`)."""
    search = HintSearch(game)
    while not search.step(100_000):
        pass
    return search.move


def value_text(books: int) -> str:
    """What the solver's best value of a lost deal means here, in words."""
    return tr_n("At most {n} book can be made.", "At most {n} books can be made.", books)


# The sampled hint wins most deals it can or stalls early, so "close" is 3 books (30
# points): it splits the winnable deals the hint loses in about halves.
GRADING = Grading("hint", medium=30, words=(
    "Every graded deal can be escaped (the solver found a way). Easy: a player "
    "following the Hint button every move escapes. Medium: the hint player makes at "
    "least 3 books. Hard: it makes fewer."))

def finish(game) -> Resumable | None:
    """Whether the rest is certain, for "Finish the game" (game/ai/solitaire.py): once the
    draw pile is empty nothing is hidden, and a win the solver proves (at once, as a rule:
    each Colour is cleared on its own) is the line the hint follows from then on, so
    finishing it tells nothing the Hint button would not. It comes 11 to 13 moves before
    the end (deals 2, 3, 4, 8, 9 played by the hint). While cards are still to be drawn,
    nothing: waiting for every line to win (search.Certainty) finds only the last 7 to 9
    moves, all after the pile ran out, and costs about 1,700 positions a move."""
    if game.stock:
        return None
    return new_search(game, FINISH_NODES)


AI = SolitaireAI(new_search, hint, greedy, HintSearch, grading=GRADING, value_text=value_text,
                 finish=finish)
