"""Solver, hint and greedy player for Devil's Grip (docs/rules.md section 3).

Cards as numbers: a card is `CODE[card]` = sequence x 4 + step, where the sequence
(0..11) is the suit with its chain (2-5-8-J, 3-6-9-Q or 4-7-10-K) and the step (0..3)
its place in it. The two copies of a card have the same code.

What a grid position is worth to the rules: its bottoms and its tops
----------------------------------------------------------------------
A pile is a run of consecutive steps of one sequence, so it is its bottom and its top.
Moving the top part of a pile onto another pile (a partial move) leaves both cells full
and only swaps their tops between the two bottoms: the multisets of bottoms and of
tops stay the same, and it can be moved back. Conversely any two pairings of the same
bottoms with the same tops (each bottom below its top) are joined by such swaps, so
the grids reachable from each other by partial moves are exactly the grids with the
same bottoms and tops. Everything else depends on those multisets alone:
- the waste's top card of step s fits iff some top is the step s-1 of its sequence;
  it replaces that top;
- a cell can be emptied iff some bottom b (not a base) has a top b-1 of its sequence
  somewhere (another pile, as the top is below the bottom); the whole pile goes, and
  whichever pile with bottom b moves onto whichever top b-1, the result is the bottoms
  less b and the tops less b-1, plus the refilled card as both a bottom and a top.
Where a pile lies in the grid never matters either (one build empties one cell, and
an empty cell is refilled at once). So a position is worth its sorted bottoms, its
sorted tops, the stock and the waste as codes (plus the redeals when passes are
limited), and no search needs a partial move or a swap.

The solver behind "Could it be won?" and the win-rate table is
`game.ai.devils_grip_solver`: it searches those positions one *progress move* at a
time (deals and redeals to some card, then a build that takes a card out of stock and
waste), so a line is at most 72 moves deep and every position left unwon is lost (see
its docstring). `RULES` below is the same position as a move-by-move `search.Search`:
"Finish the game"'s small check after each move uses it, and so do grids with empty
cells set up by hand (in play a cell is refilled at once), which the solver hands to it.
Its key keeps one of the builds that give the same position (the same card onto two
equal tops, two piles with equal bottoms), which is exact, so `sound` is True. A
position is also cut off (`moves` returns nothing) when no pile can ever leave its cell
while a card of stock or waste can never reach the grid (`_dead`): exact too.

Its order of moves (best first), chosen by measurement (each change kept only when it
won more of the first deals within the node budget):
1. the waste's top card onto a pile, unless it would take the only top that a pile of
   the same card needs to leave its cell (that pile is a refill to come: worth more);
2. when the card a refill would bring (stock top, or waste top with an empty stock)
   is a base (2, 3 or 4, which only a refill brings in): the builds that empty a cell;
3. deal or redeal;
4. the waste's card held back in 1;
5. the builds that empty a cell for a card that is not a base.
A pile that can leave its cell is the only way to bring a base card in; spending it on
another card is what loses most deals, so those come last. Dealing three at a time
makes every removal from the stock or the waste shift which cards show later, so
"obviously safe" moves (a fitting waste card, a base card brought in at once) are not
safe: winning lines do pass them by.

The hint uses only what the player has seen. In the first pass that is the grid, the
waste's top card, the sizes of stock and waste and the passes (`by_sight`). Once the
stock has run out every card left has been seen, in order (each deal shows its cards
on the waste, and a redeal keeps the order), so from then on the hint asks the solver
(up to PLAN_NODES, LIMITED_PLAN_NODES with a limit of passes, in slices in the page) at
the start of each pass and while the stock is empty, and follows the winning line it
finds (`planned`): the hint player wins 98.5% of deals 1-10,000 (90.3% with the
move-by-move search of 1,500 nodes it used before), against almost none by sight alone.
The greedy player is the baseline.
"""

from __future__ import annotations

import copy

from ..engine import Move
from ..engine.cards import SUITS
from ..games.devils_grip import CHAIN, DEAL, DEVILS_GRIP_DECK, REDEAL, STEP, SUIT, Build, Swap
from .devils_grip_solver import new_search
from .search import WON, Search
from .solitaire import FINISH_NODES, Grading, Resumable, SolitaireAI

CODE = {card: (SUITS.index(SUIT[card]) * 3 + CHAIN[card]) * 4 + STEP[card]
        for card in DEVILS_GRIP_DECK}


def _dead(game, top_at: dict[int, int]) -> bool:
    """No pile can ever leave its cell and some card of stock or waste can never reach the
    grid, even if every card of stock and waste could be played whenever it fits. Only
    a refill brings a base card in, and a refill needs a pile to leave its cell: which
    needs a top one step below its bottom, made by waste builds up from a top of the
    grid. It claims only what holds whatever the order of the cards: the search stays
    sound."""
    code = CODE
    rest = set(map(code.__getitem__, game.stock))
    rest.update(map(code.__getitem__, game.waste))

    def reachable(x: int) -> bool:  # can code x become a top by waste builds alone?
        while x not in top_at:
            if x not in rest or not x & 3:
                return False
            x -= 1
        return True

    for cell in game.cells:
        if cell:
            bottom = code[cell[0]]
            if bottom & 3 and reachable(bottom - 1):
                return False
    return not all(card & 3 and reachable(card - 1) for card in rest)


def _holes(game) -> list[Move]:
    """Every build, for a grid with empty cells (set up by hand: in play a cell is
    refilled at once). There any build refills every hole, a partial move too, so the
    shortcuts above do not hold; such positions are small."""
    return [move for move in game.legal_moves() if not isinstance(move, Swap)]


_BUILDS: dict[tuple[int, int, int], Build] = {}


def _build(src: int, dst: int, count: int) -> Build:
    """The Build, made once (moves are values)."""
    move = _BUILDS.get((src, dst, count))
    if move is None:
        move = _BUILDS[src, dst, count] = Build(src, dst, count)
    return move


class DevilsGripRules:
    """The full-information rules for `search.Search` (it sees the stock order)."""

    sound = True

    @staticmethod
    def key(game) -> bytes:
        code = CODE
        cells = game.cells
        if not all(cells):  # holes: only in positions set up by hand
            cells = [cell for cell in cells if cell]
        stock, waste = game.stock, game.waste
        return b"".join((
            bytes(sorted([code[cell[0]] for cell in cells])),
            bytes(sorted([code[cell[-1]] | 64 for cell in cells])),
            bytes((128 + len(stock), 128 + min(game.redeals, game.options["passes"]))),
            bytes(map(code.__getitem__, stock)),
            bytes(map(code.__getitem__, waste)),
        ))

    @staticmethod
    def moves(game) -> list[Move]:
        code = CODE
        cells = game.cells
        if not all(cells):  # holes, only in positions set up by hand: see `_holes`
            return _holes(game)
        index = range(len(cells))
        tops = [code[cell[-1]] for cell in cells]
        bottoms = [code[cell[0]] for cell in cells]
        top_at = dict(zip(tops, index, strict=True))  # top code -> a cell with that top
        empties: list[Move] = []
        ready: set[int] = set()  # bottom codes of the piles that can leave their cell
        for i, bottom in zip(index, bottoms, strict=True):
            if bottom & 3 and bottom - 1 in top_at and bottom not in ready:
                ready.add(bottom)
                empties.append(_build(i, top_at[bottom - 1], len(cells[i])))
        if not empties and _dead(game, top_at):
            return []

        stock, waste = game.stock, game.waste
        before: list[Move] = []
        after: list[Move] = []
        if waste:
            card = code[waste[-1]]
            if card & 3 and card - 1 in top_at:
                build = _build(-1, top_at[card - 1], 1)
                if card in ready and tops.count(card - 1) == 1:
                    after.append(build)  # it would take the only way out of a pile
                else:
                    before.append(build)
        turn: list[Move] = [DEAL] if stock else ([REDEAL] if game.can_redeal() else [])
        refill = stock[-1] if stock else (waste[-1] if waste else None)
        if refill is not None and code[refill] & 3 == 0:
            return before + empties + turn + after
        return before + turn + after + empties

    @staticmethod
    def won(game) -> bool:
        return not game.stock and not game.waste

    @staticmethod
    def value(game) -> int:
        return -len(game.stock) - len(game.waste)


RULES = DevilsGripRules()


# -- the hint and the greedy player: only what the player sees ---------------------------


def _visible_moves(game) -> tuple[Build | None, list[Build], Move | None]:
    """The waste's build (or None), one build per way to empty a cell, and the deal or
    redeal (or None), read from the grid, the waste's top card and the passes."""
    cells = game.cells
    top_at: dict[int, int] = {}  # top code -> a pile with it, one from its base if any
    for i, cell in enumerate(cells):
        if cell:
            top = CODE[cell[-1]]
            if top not in top_at or not CODE[cell[0]] & 3 and CODE[cells[top_at[top]][0]] & 3:
                top_at[top] = i
    waste_build = None
    if game.waste:
        card = CODE[game.waste[-1]]
        if card & 3 and card - 1 in top_at:
            waste_build = Build(-1, top_at[card - 1], 1)
    empties = []
    seen = set()
    for i, cell in enumerate(cells):
        if cell:
            bottom = CODE[cell[0]]
            if bottom & 3 and bottom not in seen and bottom - 1 in top_at:
                seen.add(bottom)
                empties.append(Build(i, top_at[bottom - 1], len(cell)))
    turn = DEAL if game.stock else (REDEAL if game.can_redeal() else None)
    return waste_build, empties, turn


def greedy(game) -> Move | None:
    """The baseline: the waste's top card if it fits, else a build that empties a cell,
    else deal or redeal; None when the game is over."""
    if game.is_over():
        return None
    waste_build, empties, turn = _visible_moves(game)
    if waste_build is not None:
        return waste_build
    if empties:
        return empties[0]
    return turn


# The hint's search budget once every card is known: the solver's (`new_search`), up to
# 50,000 nodes, about 0.3 s in CPython and 0.6 s in the page (in slices). The hint player
# with it, against 20,000 nodes: deals 101-400 98.0% won against 97.7% (93% on deals
# 1-100 with the 1,500 nodes of the move-by-move search the hint had before); three
# passes, deals 1-200, 12 won against 6 (100,000 nodes won no more on deals 1-100); since
# the solver's beam (a probe before the last pass), 183 of three-pass deals 1-1,000 (45 before).
PLAN_NODES = 50_000
# With a limit of passes a win is harder to find and worth more: the player cannot go round
# again to try another line. Three passes, deals 1-100: 35 won with 100,000 nodes, 30 with
# 50,000, 36 with 150,000 (none lost by the larger budget). In the page (bench/hints.py
# --browser, three-pass deals 1-5): p95 426 ms, slowest 519, against 366 and 516 with
# 50,000 (at load 3); with 200,000 the p95 is 1.3 s, over the 1 s a hint may think. With
# the solver's beam capped per sequence, deals 1-5 and 6-10 on a quiet machine: p95 697
# and 701 ms, slowest 839 and 868; the hint player wins 28.5% of deals 1-1,000, and 31.9%
# once the beam looks only 6 cards ahead (deals 1-5 in the page: p95 787 ms, slowest 1.3 s).
LIMITED_PLAN_NODES = 100_000
_plans: dict[tuple, Move | None] = {}  # exact position -> the next move of a winning line
PLANS_KEPT = 20_000  # (None: searched, and no winning line found within the budget)


def knows_every_card(game) -> bool:
    """Whether the player has seen every card left in stock and waste, in order: once the
    first pass is over (the stock ran out). Each card dealt showed on the waste (the page
    fans the waste's top three, so all three cards of a deal are seen, in order), a
    refill from the stock shows on the grid, and a redeal keeps the order."""
    return game.redeals > 0 or not game.stock


def _position(game) -> tuple:
    """The exact position, options included (a line for unlimited passes may redeal where
    one for three passes may not)."""
    return (tuple(map(tuple, game.cells)), tuple(game.stock), tuple(game.waste),
            game.redeals, game.options["draw"], game.options["passes"])


def plan_search(game) -> Resumable | None:
    """The search for a winning line the hint makes at this position, or None when none is
    due: once every card is known (`knows_every_card`), at the start of a pass (empty
    waste) or while the stock is empty, when this position has not been searched yet (a
    line found is then followed move by move, kept by exact position, so it is still found
    when the player leaves it and comes back)."""
    if (game.is_over() or not knows_every_card(game) or (game.waste and game.stock)
            or _position(game) in _plans):
        return None
    return new_search(game, LIMITED_PLAN_NODES if game.options["passes"] else PLAN_NODES)


def keep_plan(game, solution) -> None:
    """Keep what `plan_search(game)` found: the winning line's moves by position, or that
    there is none."""
    if len(_plans) > PLANS_KEPT:
        _plans.clear()
    if solution.status != WON or not solution.moves:
        _plans[_position(game)] = None
        return
    line = copy.deepcopy(game)
    for text in solution.moves:
        step = line.parse_move(text)
        _plans[_position(line)] = step
        line.push(step)


def planned(game) -> Move | None:
    """The next move of a winning line, once every card is known, searched for in one go
    when one is due (`plan_search`)."""
    search = plan_search(game)
    if search is not None:
        keep_plan(game, search.run())
    return _plans.get(_position(game))


def hint(game) -> Move | None:
    """The move the hint suggests; None when the game is over.

    Once the first pass is over the player has seen every card, in order
    (`knows_every_card`), so the hint searches like the solver, with a small budget,
    and plays a winning line when it finds one. Otherwise (in the first pass, when
    nothing is known of the stock's order, or when no win turns up) it reads the grid,
    the waste's top card, whether stock and waste are empty and whether a pass is left:

    1. The stock is empty, so a refill would bring in the waste's top card, and that card
       is a base (it can come in no other way) or would let a pile leave its cell (the
       pile one step above it): empty a cell.
    2. The waste's top card fits: play it; but deal instead when it would take the only
       top that a pile of the same card needs to leave its cell.
    3. At the start of a pass (empty waste) or when no deal or redeal is left: empty a
       cell (the refill is unseen; mid-pass the hint waits, so a pile is kept for a card
       seen on the waste at the end of the pass).
    4. Deal or redeal.
    Every pass makes progress while the game is not over (a cell that can be emptied is
    emptied at the start of the next pass; otherwise a fitting card shows on the waste
    and is played), so a game that follows the hint ends.
    """
    if game.is_over():
        return None
    if knows_every_card(game):
        move = planned(game)
        if move is not None:
            return move
    return by_sight(game)


def by_sight(game) -> Move | None:
    """The hint's rules for when no winning line is known (see `hint`)."""
    waste_build, empties, turn = _visible_moves(game)
    cells = game.cells
    top = CODE[game.waste[-1]] if game.waste else -1
    if empties and top >= 0 and not game.stock:
        if not top & 3:
            return empties[0]
        if top & 3 < 3 and waste_build is None and any(
                CODE[cell[0]] == top + 1 for cell in cells if cell) and not any(
                CODE[cell[-1]] == top for cell in cells if cell):
            return empties[0]
    if waste_build is not None:
        if turn is not None and any(CODE[cells[m.src][0]] == top for m in empties) and sum(
                1 for cell in cells if cell and CODE[cell[-1]] == top - 1) == 1:
            return turn
        return waste_build
    if empties and (not game.waste or turn is None):
        return empties[0]
    return turn if turn is not None else (empties[0] if empties else None)


def finish(game) -> Resumable | None:
    """Whether the rest is certain, for "Finish the game" (game/ai/solitaire.py): once the
    player has seen every card left, in order (`knows_every_card`), a winning line the
    solver proves is one the player could work out, and the one the hint then follows
    move by move, so finishing it tells nothing the Hint button would not; the
    move-by-move search within FINISH_NODES, cheap enough after every move (the hint's
    search with the solver takes up to PLAN_NODES). Before that, nothing: the stock's order is
    unknown, and waiting for every line to win (search.Certainty) finds only the last 3
    to 7 moves of a game (measured on deals 1-5 played by the hint), too late to help."""
    if not knows_every_card(game):
        return None
    return Search(game, RULES, FINISH_NODES)


class HintSearch:
    """The hint in the resumable form the page drives (see game/ai/solitaire.py): the
    search for a winning line, when one is due (`plan_search`), runs in slices, so the
    page keeps painting and the player can cancel it; the rest is immediate."""

    def __init__(self, game) -> None:
        self.game = game
        self.move: Move | None = None
        self.done = False
        self.search = plan_search(game)

    @property
    def nodes(self) -> int:
        return self.search.nodes if self.search is not None else 0

    @property
    def progress(self) -> float:
        if self.done:
            return 1.0
        return min(0.99, self.search.progress) if self.search is not None else 0.0

    def step(self, quota: int) -> bool:
        """Search up to about `quota` nodes; True once the hint is known."""
        if self.done:
            return True
        if self.search is not None:
            solution = self.search.step(quota)
            if solution is None:
                return False
            keep_plan(self.game, solution)
        self.move = hint(self.game)  # the line just kept, or the rules by sight
        self.done = True
        return True


# Once the first pass is over the hint knows every card and wins nearly every deal, so
# deals are graded by the cards the greedy player (who plays by sight only) leaves; 18
# and 25 split the winnable deals in about thirds.
GRADING = Grading(
    "greedy", easy=18, medium=25, winnable_list=False, words=(
        "Nearly every deal can be won when the stock order is known, and the Hint button, "
        "which knows it once you have seen the whole stock, wins nearly all of them. "
        "What sets deals apart is how kind they are to a player who plays by sight: "
        "every graded deal can be won, and a simple player (it plays the waste card when "
        "it fits, else empties a cell, else deals) ends with 18 cards or fewer left on "
        "an easy deal, 19 to 25 on a medium one, and more on a hard one."))

# The modes of the tile, graded the same way from their own results (bench/results): dealt
# one at a time the greedy player does better, so 9 and 13 split the deals in thirds; with
# three passes the hint wins about 3 deals in 10 (easy) and 25 splits the rest about
# evenly; with one pass about 2 deals in 100 can be won at all and no player by sight wins
# any, so those get only the list of winnable deals.
MODE_GRADINGS = {
    "draw1": Grading(
        "greedy", easy=9, medium=13, winnable_list=False, words=(
            "Nearly every deal can be won when the stock order is known, and the Hint "
            "button, which knows it once you have seen the whole stock, wins nearly all of "
            "them. What sets deals apart is how kind they are to a player who plays by "
            "sight: every graded deal can be won, and a simple player (it plays the waste "
            "card when it fits, else empties a cell, else deals) ends with 9 cards or fewer "
            "left on an easy deal, 10 to 13 on a medium one, and more on a hard one.")),
    "passes3": Grading(
        "hint", medium=25, winnable_list=False, words=(
            "With three passes every deal tried so far can be won when the stock order is "
            "known. Easy: a player following the Hint button every move wins (the hint "
            "knows the stock once the first pass has shown it). Medium: that player ends "
            "with 25 cards or fewer left. Hard: more.")),
    "passes1": Grading(
        "hint", medium=0, graded=False, words=(
            "With one pass only about 2 deals in 100 can be won, even knowing the order of "
            "the stock, and each deal of this list is one of them (the solver found a way). "
            "Expect a hard game: the Hint button, which sees only what you see, wins none of "
            "them.")),
}

AI = SolitaireAI(new_search, hint, greedy, HintSearch, grading=GRADING, finish=finish,
                 mode_gradings=MODE_GRADINGS)
