"""Solver, hint and greedy player for Devil's Square and King's Square (one engine).

The solver (`RULES`, for `search.Search`) sees the draw pile. Where a stack lies in the
field does not matter to the rules (any cell moves onto any cell, and the refilled
cells only differ by position), so a position is the sorted tuple of its stacks and
the size of the draw pile (which says which cards are still to come). Moves that make
a book come first, then moves that empty a cell (a new card comes in), then the rest.
Nothing is pruned, so when the whole tree is searched the deal is proved lost, and the
best line found is the best score reachable.

The hint sees only the field and the size of the draw pile. Moves never mix colours,
so it searches each colour's stacks on its own, breadth first over the moves that make
no progress, for the nearest progress: a book if one can be reached, else a cell
emptied while the draw pile has cards. Among equals it prefers the field whose stacks
are longest and start lowest. Its first step towards that is the hint. The distance to
the chosen progress shrinks by one with each move it suggests, so a player following it
never goes round in circles.

The greedy player makes a book when one move does it, else empties a cell when one move
does it, else stops: the baseline of the win-rate table.
"""

from __future__ import annotations

from collections import deque

from ..engine.cards import KK_COLOUR, KK_NUMBER
from ..games.kings_keys import BOOK, StackMove, colour_moves
from ..i18n import tr_n
from .search import Line
from .solitaire import SolitaireAI

FULL_BOOKS = 16
HINT_STATES = 20_000  # states a hint explores per colour at most (a few hundred is usual)


class KingsKeysRules:
    """Each step of the search is a macro move: some moves in one colour that make no
    progress, then one that does. Moves of different colours never interact and a new
    card only adds options, so shuffles in other colours can always wait until after
    the progress: nothing is lost by searching only these, and "lost" is a proof."""

    sound = True

    @staticmethod
    def key(game) -> tuple:
        return tuple(sorted(tuple(cell) for cell in game.cells)), len(game.stock)

    @staticmethod
    def moves(game) -> list[Line]:
        by_colour: dict[str, list[tuple[str, ...]]] = {}
        for cell in game.cells:
            if cell:
                by_colour.setdefault(KK_COLOUR[cell[0]], []).append(tuple(cell))
        found = []
        has_stock = bool(game.stock)
        for stacks in by_colour.values():
            if len(stacks) > 1:
                found += colour_macros(tuple(sorted(stacks)), has_stock)
        found.sort(key=lambda macro: macro[0])
        return [Line(resolve(game.cells, steps)) for _rank, steps in found]

    @staticmethod
    def won(game) -> bool:
        return len(game.books) == FULL_BOOKS * BOOK

    @staticmethod
    def value(game) -> int:
        return len(game.books) // BOOK


_macro_cache: dict[tuple, list] = {}
MACRO_CACHE_SIZE = 50_000


def colour_macros(start: tuple[tuple[str, ...], ...], has_stock: bool) -> list:
    """Every distinct progress one colour's stacks can reach, as (rank, steps): steps are
    (source stack, target stack, take) from `start`, moves without progress then the one
    with it. Breadth first, so each is reached by a shortest path; best ranked first."""
    cache_key = (start, has_stock)
    cached = _macro_cache.get(cache_key)
    if cached is not None:
        return cached
    parents: dict[tuple, tuple | None] = {start: None}
    queue = deque([start])
    results: dict[tuple, tuple] = {}
    while queue:
        state = queue.popleft()
        for step, rest, merged in colour_moves(state):
            book = len(merged) == BOOK
            if book or (step[2] == len(step[0]) and has_stock):
                post = tuple(sorted(rest if book else [*rest, merged]))
                if post not in results:
                    results[post] = (state, step)
                continue
            nxt = tuple(sorted([*rest, merged]))
            if nxt not in parents:
                parents[nxt] = (state, step)
                queue.append(nxt)
    found = []
    for post, (state, step) in results.items():
        steps = [step]
        while parents[state] is not None:
            state, back = parents[state]
            steps.append(back)
        steps.reverse()
        book = len(step[1]) + step[2] == BOOK
        found.append(((0 if book else 1, -shape(post), len(steps)), tuple(steps)))
    found.sort()
    if len(_macro_cache) > MACRO_CACHE_SIZE:
        _macro_cache.clear()
    _macro_cache[cache_key] = found
    return found


def resolve(cells: list[list[str]], steps) -> tuple[StackMove, ...]:
    """Steps written with stacks (source, target, take) as moves between cells, by
    following them on a copy of `cells` (every stack is unique: no card is twice)."""
    where = {tuple(cell): index for index, cell in enumerate(cells) if cell}
    moves = []
    for src, dst, take in steps:
        si, di = where.pop(src), where.pop(dst)
        moves.append(StackMove(si, di, take))
        where[dst + src[-take:]] = di
        if take < len(src):
            where[src[:-take]] = si
    return tuple(moves)


RULES = KingsKeysRules()


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


def hint(game) -> StackMove | None:
    """The first move towards the best progress in sight (see the module's docstring)."""
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


def value_text(books: int) -> str:
    """What the solver's best value of a lost deal means here, in words."""
    return tr_n("At most {n} book can be made.", "At most {n} books can be made.", books)


AI = SolitaireAI(RULES, hint, greedy, value_text=value_text)
