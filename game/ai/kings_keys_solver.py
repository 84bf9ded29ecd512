"""The full-information solver of Devil's Square and King's Square (one engine, one deck).

It sees the draw pile and answers "could this deal be won?": won (with a winning line),
or lost (proved), with the most books found. It works on its own small model of the
rules, not on the engine: the line it finds is played through a copy of the engine at
the end, so every move it gives is one the engine accepts.

What it stands on (docs/rules.md, section 2; each is exact, so "lost" is a proof):

1. Where a stack lies in the field does not matter: any stack moves onto any other,
   and a refill only asks how many cells are empty. Within one Colour a stack is one of
   124 card sets (an interval of Numbers with distinct Items), so a Colour's part of the
   field is the sorted tuple of its stack ids, and a position is the four Colours' tuples
   and how many cards have been drawn.
2. Moves never mix Colours. A step of the search is a *macro*: moves in one Colour that
   make no progress, then one that makes progress (a book, or a cell emptied, which
   draws the next card while the pile lasts). Moves of other Colours can always wait
   (a new card only adds options), so nothing is lost by searching only macros, and as
   each one draws at least one card, a line reaches the empty pile in at most 48 steps:
   the search is over a finite graph without cycles.
3. Once the pile is empty the four Colours never interact again: the deal is won when
   each Colour's stacks can be cleared into books on their own (`clearable`, a small
   search per Colour, cached across positions and deals).
4. A relaxation gives the bound: if every card of a Colour still in the pile were on the
   field already, as a stack of its own, the Colour would have every option it has in
   the game and more (a card that comes early can wait), so when the Colour cannot be
   cleared even then, no line from here wins. Only the Colour a macro changed needs the
   check (a drawn card moves from the pile to the field: the relaxed set is the same).
   With the pile empty the relaxation is the game itself, so a position that reaches
   the empty pile with every Colour passing the check is won.
5. A position already searched is never searched again (a table of positions known not
   to win).
6. The stall bound: a card comes in only when a cell is emptied, and a win needs every
   card in a book, so the pile must be drawn to its end. What one Colour can empty
   before card m of the pile comes is at most its stacks less the fewest its cards by
   then can be brought to (`Spares`); when the Colours together cannot empty enough in
   time, card m is never drawn and no line from here wins (`Deal.stall_point`).

tests/test_ai_kings_keys.py checks rules 1-4 and 6 against a plain exhaustive search of
every legal move on small positions (late positions of real deals, random stacks of one
Colour), and every line the solver gives is played through the engine before it is
given: a win must be a full escape there, a lost deal's best line must make its books
(else an error, never an answer).

"Take a book whenever you can" is not safe (taking it draws a card into a cell another
Colour needed), so books are only tried first, never forced.

The search is an explicit stack, not recursion, so it stops after any number of nodes and
resumes (`KingsKeysSearch.step`): the page thinks in slices. A node is one macro.

Measured (bench/winrates.py, docs/win-rates.md): every one of deals 1-10,000 is decided,
54.1% won (the search alone; 45.1% with the search before this one at 20,000 nodes, a
quarter left undecided), 99.59% within 1 s of CPU, median 20 ms, 99th percentile 0.5 s;
the slowest, deal 9795 (lost), takes 1.55 million nodes and 10.5 s, inside the page's
budget of 2,000,000 nodes (game/ui/assist.py).
"""

from __future__ import annotations

import time
from itertools import permutations

from ..engine.cards import KK_COLOURS, KK_ITEMS
from ..games.kings_keys import BOOK, CELLS, StackMove
from .search import LOST, UNKNOWN, WON, Sliced, Solution

COLOURS = len(KK_COLOURS)
FULL_BOOKS = 16


# -- the 124 stacks of one Colour -------------------------------------------------------------
# A card within its Colour is (number - 1) * 4 + item (items in KK_ITEMS order).


def _catalogue() -> list[tuple[int, ...]]:
    stacks = []
    for low in range(1, 5):
        for high in range(low, 5):
            for items in permutations(range(4), high - low + 1):
                stacks.append(tuple((number - 1) * 4 + item
                                    for number, item in zip(range(low, high + 1), items,
                                                            strict=True)))
    return stacks


STACKS: list[tuple[int, ...]] = _catalogue()
STACK_ID = {stack: index for index, stack in enumerate(STACKS)}
LENGTH = [len(stack) for stack in STACKS]
IS_BOOK = [len(stack) == BOOK for stack in STACKS]
SINGLE = [STACK_ID[(card,)] for card in range(16)]


def _splits(stack: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(take, moved part, what stays or -1) for each legal take from `stack`."""
    found = []
    for take in range(1, min(3, len(stack)) + 1):
        rest = stack[:-take]
        found.append((take, STACK_ID[stack[-take:]], STACK_ID[rest] if rest else -1))
    return found


SPLITS = [_splits(stack) for stack in STACKS]


def _merge(moved: tuple[int, ...], target: tuple[int, ...]) -> int:
    if moved[0] // 4 != target[-1] // 4 + 1:
        return -1
    merged = target + moved
    if len({card % 4 for card in merged}) != len(merged):
        return -1
    return STACK_ID[merged]


# ONTO[moved] = {target: merged}: where a moved part may go, and what it makes there
ONTO: list[dict[int, int]] = [
    {t: m for t, target in enumerate(STACKS) if (m := _merge(moved, target)) >= 0}
    for moved in STACKS
]


NUMBERS_OF = [tuple(card // 4 for card in stack) for stack in STACKS]
single_number = [stack[0] // 4 for stack in STACKS]


def fewest_stacks_by_number(counts: list[int]) -> int:
    """A lower bound on the stacks one Colour's cards can end in, from how many it has of
    each Number (Items ignored, every card free to go anywhere: a relaxation): take out
    as many books as every Number allows, then each card needs a card one lower beneath
    it or starts a stack of its own."""
    books = min(counts)
    stacks = 0
    below = 0
    for count in counts:
        count -= books
        if count > below:
            stacks += count - below
        below = count
    return stacks


_fewest: dict[tuple[int, ...], int] = {}
FEWEST_KEPT = 200_000
FEWEST_STATES = 300  # a Colour's reachable stacks searched at most for `fewest_stacks`
SPARES_KEPT = 200_000


def config_counts(config: tuple[int, ...]) -> list[int]:
    counts = [0, 0, 0, 0]
    for stack in config:
        for number in NUMBERS_OF[stack]:
            counts[number] += 1
    return counts


def greedy_stacks(config: tuple[int, ...]) -> int:
    """The stacks left after merging greedily: a move that makes a book whenever there is
    one, else a whole stack onto another (longest result first), until neither is left."""
    state = config
    while True:
        best = None
        for src, dst, _take, rest, merged in colour_steps(state):
            if IS_BOOK[merged]:
                best = (99, src, dst, rest, merged)
                break
            if rest < 0 and (best is None or LENGTH[merged] > best[0]):
                best = (LENGTH[merged], src, dst, rest, merged)
        if best is None:
            return len(state)
        _length, src, dst, rest, merged = best
        state = after_step(state, src, dst, rest, merged)


def fewest_stacks(config: tuple[int, ...]) -> int:
    """The fewest stacks `config` (one Colour's stacks) can be brought to by moves among
    themselves, books taken out, by a breadth-first search of its reachable set; -1 when
    that set has more than FEWEST_STATES states (then `fewest_stacks_by_number` bounds it)."""
    config = canonical(config)
    known = _fewest.get(config)
    if known is not None:
        return known
    if greedy_stacks(config) == fewest_stacks_by_number(config_counts(config)):
        fewest = fewest_stacks_by_number(config_counts(config))  # the bound is reached
        _fewest[config] = fewest
        return fewest
    seen = {config}
    queue = [config]
    fewest = len(config)
    for state in queue:
        for src, dst, _take, rest, merged in colour_steps(state):
            child = after_step(state, src, dst, rest, merged)
            if child not in seen:
                seen.add(child)
                queue.append(child)
                if len(child) < fewest:
                    fewest = len(child)
        if len(seen) > FEWEST_STATES:
            fewest = -1
            break
    if len(_fewest) > FEWEST_KEPT:
        _fewest.clear()
    _fewest[config] = fewest
    return fewest


def _renamed(stack: tuple[int, ...], items: tuple[int, ...]) -> int:
    return STACK_ID[tuple(card - card % 4 + items[card % 4] for card in stack)]


# RENAMED[p][s]: stack s with its Items renamed by the p-th permutation. The rules never
# tell one Item from another (only that a stack holds each at most once), so renamed
# stacks behave alike: a Colour's answers are cached under one name (`canonical`).
RENAMED = [[_renamed(stack, items) for stack in STACKS] for items in permutations(range(4))]


_canonical: dict[tuple[int, ...], tuple[int, ...]] = {}
CANONICAL_KEPT = 50_000  # about 10 MB at most; a game asks for some 15,000, mostly again


def canonical(config: tuple[int, ...]) -> tuple[int, ...]:
    """The least renaming of `config`'s Items, as a sorted tuple (remembered: it tries all
    24 renamings, and the searches ask for the same configurations again and again)."""
    found = _canonical.get(config)
    if found is None:
        if len(_canonical) > CANONICAL_KEPT:
            _canonical.clear()
        found = _canonical[config] = min(
            tuple(sorted([row[s] for s in config])) for row in RENAMED)
    return found


TOP_NUMBER = [stack[-1] // 4 for stack in STACKS]  # 0 for a 1 ... 3 for a 4
BOTTOM_NUMBER = [stack[0] // 4 for stack in STACKS]
MERGED = [[ONTO[moved].get(target, -1) for target in range(len(STACKS))]
          for moved in range(len(STACKS))]
# the takes from each stack that can go anywhere at all (a part whose bottom is a 1 cannot)
MOVABLE = [[(take, moved, rest) for take, moved, rest in SPLITS[s] if BOTTOM_NUMBER[moved]]
           for s in range(len(STACKS))]


def colour_steps(config: tuple[int, ...]):
    """Every move within one Colour's stacks: (source, target, take, what stays or -1,
    merged stack)."""
    by_top: list[list[int]] = [[], [], [], []]
    for stack in config:
        by_top[TOP_NUMBER[stack]].append(stack)
    for src in config:
        for take, moved, rest in MOVABLE[src]:
            row = MERGED[moved]
            for dst in by_top[BOTTOM_NUMBER[moved] - 1]:
                merged = row[dst]
                if merged >= 0:
                    yield src, dst, take, rest, merged


def after_step(config: tuple[int, ...], src: int, dst: int, rest: int, merged: int):
    stacks = list(config)  # (a Colour's stacks are distinct, and src is never dst)
    stacks.remove(src)
    stacks.remove(dst)
    if rest >= 0:
        stacks.append(rest)
    if not IS_BOOK[merged]:
        stacks.append(merged)
    stacks.sort()
    return tuple(stacks)


# -- one Colour with the pile empty (or relaxed): can it be cleared into books? --------------

_clearable: dict[tuple[int, ...], bool] = {}
CLEARABLE_KEPT = 400_000


def clearable(config: tuple[int, ...]) -> bool:
    """Whether these stacks of one Colour can all be made into books by moves among
    themselves (the pile empty, or every card still to come put in as a stack of its
    own). Depth first, books and longer stacks first; the whole reachable set is marked
    when it holds no way."""
    if not config:
        return True
    config = canonical(config)
    known = _clearable.get(config)
    if known is not None:
        return known
    seen = {config}
    stack = [config]
    found = False
    while stack and not found:
        state = stack.pop()
        children = []
        for src, dst, _take, rest, merged in colour_steps(state):
            child = after_step(state, src, dst, rest, merged)
            if not child:
                found = True
                break
            if child in seen:
                continue
            known = _clearable.get(child)
            if known:
                found = True
                break
            if known is False:
                continue
            seen.add(child)
            children.append((IS_BOOK[merged], LENGTH[merged], child))
        children.sort()
        stack += [child for _b, _l, child in children]
    if len(_clearable) > CLEARABLE_KEPT:
        _clearable.clear()
    if found:
        _clearable[config] = True
    else:
        for state in seen:
            _clearable[state] = False
    return found


def clear_line(config: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Steps (source, target, take) that clear `config` into books; [] if it is empty.
    Breadth first over the states `clearable` says can still be cleared: the shortest
    line. (A depth-first walk was tried to write deal 1602's line faster; its long lines
    made the hint's endgame, which asks again after every move, take minutes.)"""
    if not config:
        return []
    parents = {config: None}
    queue = [config]
    for state in queue:
        for src, dst, take, rest, merged in colour_steps(state):
            child = after_step(state, src, dst, rest, merged)
            if child in parents or not clearable(child):
                continue
            parents[child] = (state, (src, dst, take))
            if not child:
                steps = []
                while parents[child] is not None:
                    child, step = parents[child]
                    steps.append(step)
                return steps[::-1]
            queue.append(child)
    raise ValueError("these stacks cannot be cleared")
    parents: dict[tuple, tuple | None] = {config: None}
    stack = [config]
    while stack:
        state = stack.pop()
        children = []
        for src, dst, take, rest, merged in colour_steps(state):
            child = after_step(state, src, dst, rest, merged)
            if child in parents:
                continue
            if not child:
                steps = [(src, dst, take)]
                while parents[state] is not None:
                    state, step = parents[state]
                    steps.append(step)
                return steps[::-1]
            children.append((IS_BOOK[merged], LENGTH[merged], child, (src, dst, take)))
        children.sort()  # the best last: popped first
        for _book, _length, child, step in children:
            if child not in parents and clearable(child):
                parents[child] = (state, step)
                stack.append(child)
    raise ValueError("these stacks cannot be cleared")


# -- macros: one Colour's way to its next progress ---------------------------------------------
# Moves that make no progress (part of a stack onto another, no book) can always be undone
# (the part goes back where it came from), so one Colour's stacks fall into classes of
# arrangements that reach each other by such moves: a *component*. Everything ahead is the
# same from any arrangement of a component (a new card only adds options, and the moves
# back stay legal), so the search knows a Colour's part by its component's least member,
# its `representative`, and a component's macros are worked out once.

_representative: dict[tuple[int, ...], tuple[int, ...]] = {}
_macros: dict[tuple[int, ...], tuple] = {}
REPRESENTATIVES_KEPT = 600_000


def representative(config: tuple[int, ...]) -> tuple[int, ...]:
    """The least member of `config`'s component (see above)."""
    found = _representative.get(config)
    if found is None:
        found = _explore(config)
    return found


def macros(config: tuple[int, ...]) -> tuple[tuple[int, ...], list]:
    """(root, every distinct progress of `config`'s component), each progress as
    (stacks after it, cells emptied, books made, steps from root, rank): moves that make
    no progress, then one that makes a book or empties a cell (the pile has cards).
    Breadth first, so each is reached by a shortest path. Books first, then by the shape
    left (longer stacks on lower bottoms)."""
    found = _macros.get(representative(config))
    if found is None:
        _explore(config, force=True)
        found = _macros[representative(config)]
    return found


def _explore(config: tuple[int, ...], force: bool = False) -> tuple[int, ...]:
    """Search `config`'s component breadth first: note its representative for every
    member and its macros (with steps from `config`). Returns the representative."""
    parents: dict[tuple, tuple | None] = {config: None}
    queue = [config]
    found: dict[tuple, tuple] = {}
    for state in queue:
        for src, dst, take, rest, merged in colour_steps(state):
            book = IS_BOOK[merged]
            if book or rest < 0:
                post = after_step(state, src, dst, rest, merged)
                if post not in found:
                    found[post] = (state, (src, dst, take), book)
                continue
            child = after_step(state, src, dst, rest, merged)
            if child not in parents:
                parents[child] = (state, (src, dst, take))
                queue.append(child)
    rep = min(parents)
    if len(_representative) > REPRESENTATIVES_KEPT:
        _representative.clear()
        _macros.clear()
    for member in parents:
        _representative[member] = rep
    if rep in _macros and not force:
        return rep
    result = []
    for post, (state, step, book) in found.items():
        steps = [step]
        while parents[state] is not None:
            state, back = parents[state]
            steps.append(back)
        steps.reverse()
        emptied = len(config) - len(post)
        result.append((post, emptied, int(book), tuple(steps),
                       (-int(book), -_shape(post), len(steps))))
    result.sort(key=lambda item: item[4])
    _macros[rep] = (config, result)
    return rep


def shuffle_path(start: tuple[int, ...], goal: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Steps without progress from `start` to `goal` (one component), breadth first."""
    parents: dict[tuple, tuple | None] = {start: None}
    queue = [start]
    for state in queue:
        if state == goal:
            steps = []
            while parents[state] is not None:
                state, step = parents[state]
                steps.append(step)
            return steps[::-1]
        for src, dst, take, rest, merged in colour_steps(state):
            if IS_BOOK[merged] or rest < 0:
                continue
            child = after_step(state, src, dst, rest, merged)
            if child not in parents:
                parents[child] = (state, (src, dst, take))
                queue.append(child)
    raise ValueError("not one component")


def _shape(config: tuple[int, ...]) -> int:
    total = 0
    for stack in config:
        length = LENGTH[stack]
        total += length * length * (3 if STACKS[stack][0] < 4 else 1)
    return total


# -- positions ----------------------------------------------------------------------------------


def colour_of(card: str) -> int:
    return KK_COLOURS.index(card[0])


def local(card: str) -> int:
    return (int(card[1]) - 1) * 4 + KK_ITEMS.index(card[2])


def card_name(colour: int, card: int) -> str:
    return f"{KK_COLOURS[colour]}{card // 4 + 1}{KK_ITEMS[card % 4]}"


def field_configs(cells) -> tuple[tuple[int, ...], ...]:
    """The four Colours' sorted stack ids of a field (lists of card ids, bottom first)."""
    configs: list[list[int]] = [[] for _ in range(COLOURS)]
    for cell in cells:
        if cell:
            configs[colour_of(cell[0])].append(STACK_ID[tuple(local(card) for card in cell)])
    return tuple(tuple(sorted(config)) for config in configs)


class Deal:
    """The draw order of one search: `draws[i]` is the (colour, stack id) of the i-th card
    to come, `relaxed[i][c]` the stack ids of colour c's cards still to come after i draws."""

    def __init__(self, order: list[str]) -> None:
        self.size = size = len(order)
        self.draws = [(colour_of(card), SINGLE[local(card)]) for card in order]
        self.colour_at = [colour for colour, _single in self.draws]
        relaxed = [[() for _ in range(COLOURS)]]
        for colour, single in reversed(self.draws):
            row = list(relaxed[-1])
            row[colour] = tuple(sorted(row[colour] + (single,)))
            relaxed.append(row)
        self.relaxed = relaxed[::-1]
        # arrivals[c]: colour c's cards to come, in order; first[c][n]: how many of them
        # are drawn within the first n draws
        self.arrivals = [[single for colour, single in self.draws if colour == c]
                         for c in range(COLOURS)]
        self.first = [[0] * (size + 1) for _ in range(COLOURS)]
        for c in range(COLOURS):
            count = 0
            for n in range(size):
                self.first[c][n] = count
                count += self.colour_at[n] == c
            self.first[c][size] = count
        self._spares: dict[tuple, Spares] = {}

    def draw(self, configs: list, n: int, count: int) -> int:
        """Put the next `count` cards (as far as the pile lasts) into `configs`; the new n."""
        end = min(self.size, n + count)
        for colour, single in self.draws[n:end]:
            configs[colour] = tuple(sorted(configs[colour] + (single,)))
        return end

    def spares(self, colour: int, config: tuple[int, ...], k: int) -> Spares:
        """Colour `colour`'s Spares from `config` with its cards to come from its k-th on;
        cached: most positions share a Colour's part."""
        key = (colour, config, k)
        found = self._spares.get(key)
        if found is None:
            if len(self._spares) > SPARES_KEPT:
                self._spares.clear()
            found = self._spares[key] = Spares(config, self.arrivals[colour][k:])
        return found

    def stalls(self, configs, n: int) -> bool:
        """Whether the pile can never be drawn to its end (`stall_point`)."""
        return self.stall_point(configs, n) is not None

    def stall_point(self, configs, n: int) -> int | None:
        """Rule 6: the first card of the pile that can never be drawn from this position
        (n cards drawn), or None.

        Each cell emptied draws one card, so the pile gets past card m only if the Colours
        between them empty more than m - n cells with moves made before it is drawn. A
        move made while the pile is at p sees only the cards before p. So what one Colour
        can empty before card m is drawn is at most its spare with the cards it has by
        then (`Spares`), and, for each card of its own it gets in between (at a), at most
        its spare without that card and the ones after, plus the m - a + 1 cells its moves
        after a can empty at most (each move empties its own cells of the pile's order)."""
        size = self.size
        first = self.first
        seqs = [self.spares(c, configs[c], first[c][n]) for c in range(COLOURS)]
        spare = [seqs[c].get(0) for c in range(COLOURS)]
        late = [size * 4] * COLOURS  # least (spare before an arrival - its index) so far
        at = [0] * COLOURS
        colour_at = self.colour_at
        for m in range(n, size):
            need = m - n + 1
            total = 0
            for c in range(COLOURS):
                timed = late[c] + m + 1
                total += spare[c] if spare[c] < timed else timed
            if total < need:
                return m  # card m is never drawn
            if total - need >= size - m:
                return None  # the spare never shrinks: enough for every draw left
            colour = colour_at[m]
            j = at[colour]
            before = spare[colour]
            if before - m < late[colour]:
                late[colour] = before - m
            spare[colour] = seqs[colour].get(j + 1)
            at[colour] = j + 1
        return None

    def alive(self, configs, n: int, colour: int) -> bool:
        """The relaxation of rule 4 for one Colour."""
        extra = self.relaxed[n][colour]
        config = configs[colour]
        return clearable(tuple(sorted(config + extra)) if extra else config)


class Spares:
    """At most how many cells one Colour can empty from its stacks `config` with its next
    j cards to come in play (`get(j)`): its stacks less the fewest it can be brought to
    (rule 6), exact while `fewest_stacks` can tell, by Numbers after that. Made as far
    as asked: the check of rule 6 mostly stops early."""

    __slots__ = ("values", "relaxed", "counts", "stacks", "arrivals")

    def __init__(self, config: tuple[int, ...], arrivals: list[int]) -> None:
        counts = [0, 0, 0, 0]
        for stack in config:
            for number in NUMBERS_OF[stack]:
                counts[number] += 1
        self.counts = counts
        self.stacks = len(config)
        self.arrivals = arrivals
        fewest = fewest_stacks(config)
        self.relaxed: tuple[int, ...] | None = config if fewest >= 0 else None
        if fewest < 0:
            fewest = fewest_stacks_by_number(counts)
        self.values = [self.stacks - fewest]

    def get(self, j: int) -> int:
        values = self.values
        while len(values) <= j:
            single = self.arrivals[len(values) - 1]
            counts = self.counts
            counts[single_number[single]] += 1
            self.stacks += 1
            relaxed = self.relaxed
            fewest = -1
            if relaxed is not None:
                relaxed = tuple(sorted(relaxed + (single,)))
                fewest = fewest_stacks(relaxed)
                self.relaxed = relaxed if fewest >= 0 else None  # too many ways: by Numbers
            if fewest < 0:
                fewest = fewest_stacks_by_number(counts)
            values.append(self.stacks - fewest)
        return values[j]


def books_made(configs, deal: Deal, n: int) -> int:
    """Books already set aside: the cards neither on the field nor still to come."""
    cards = sum(LENGTH[s] for config in configs for s in config) + deal.size - n
    return (COLOURS * 16 - cards) // BOOK


def post_of(macro) -> tuple[int, ...]:
    return macro[0]


def macro_path(config: tuple[int, ...], target: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """The steps of a shortest macro from `config` whose progress leaves stacks of the
    component `target` (a representative): moves without progress, then the progress."""
    parents: dict[tuple, tuple | None] = {config: None}
    queue = [config]
    for state in queue:
        for src, dst, take, rest, merged in colour_steps(state):
            child = after_step(state, src, dst, rest, merged)
            if IS_BOOK[merged] or rest < 0:
                if representative(child) == target:
                    steps = [(src, dst, take)]
                    while parents[state] is not None:
                        state, step = parents[state]
                        steps.append(step)
                    return steps[::-1]
                continue
            if child not in parents:
                parents[child] = (state, (src, dst, take))
                queue.append(child)
    raise ValueError("no such progress")


def first_step(game, colour: int, step: tuple[int, int, int]) -> StackMove:
    """One step (source stack, target stack, take) of `colour` as a move of `game`."""
    src, dst, take = step
    cells = game.cells
    want_src = [card_name(colour, c) for c in STACKS[src]]
    want_dst = [card_name(colour, c) for c in STACKS[dst]]
    return StackMove(cells.index(want_src), cells.index(want_dst), take)


class Core:
    """The depth-first search itself, on the small model: from the four Colours' stacks
    (`configs`) and the cards to come (`deal`), until a win is found, the whole tree is
    searched (lost), or a node budget runs out. `pending` holes of a hand-made field are
    refilled by the first move. After a win, `line` holds its macros as (colour, (root,
    steps)) and `end` the Colours' stacks once the pile is empty."""

    def __init__(self, configs, deal: Deal, pending: int = 0, every_first: bool = False) -> None:
        self.deal = deal
        self.every_first = every_first  # go on after a win with the next first macro
        self.first_wins: list = []  # with every_first: the first macro of each win found
        configs = tuple(representative(config) for config in configs)
        self.root = (0, configs)
        self.pending = pending
        self.nodes = 0
        self.status: str | None = None
        self.best_books = books_made(configs, deal, 0)
        self.best_path: list = []
        self.failed: set = set()
        self.path: list = []  # (colour, (root, steps)) of each macro on the current line
        self.stack: list = []
        self.line: list = []
        self.end = configs
        if not all(deal.alive(configs, 0, c) for c in range(COLOURS)):
            self.status = LOST
        elif deal.size == 0:
            self.status = WON
        else:
            self.stack.append([self._children(0, configs), 0, self.root, pending])

    def _children(self, n: int, configs) -> list:
        """The macros of every Colour, best first: (rank, colour, root, macro), made into
        positions only when visited (most are never visited when a win is near)."""
        found = []
        for colour in range(COLOURS):
            config = configs[colour]
            if len(config) < 2:
                continue
            root, outcomes = macros(config)
            for macro in outcomes:
                found.append((macro[4], colour, root, macro))
        found.sort(key=lambda item: item[0])
        return found

    def _visit(self, n: int, configs, colour: int, macro, extra: int):
        """The position after `macro` of `colour` and its draws, or None when it is known
        not to win: searched before, or the relaxed checks (rules 4 and 6) rule it out."""
        post, emptied, _book, _steps, _rank = macro
        new = list(configs)
        new[colour] = post
        deal = self.deal
        m = deal.draw(new, n, emptied + extra)
        for c in range(COLOURS):
            if new[c] is not configs[c]:
                new[c] = representative(new[c])
        child = m, tuple(new)
        if child in self.failed:
            return None
        if not deal.alive(new, m, colour) or (m < deal.size and deal.stalls(new, m)):
            self.failed.add(child)
            return None
        return child

    def step(self, quota: int) -> str | None:
        """Search up to `quota` more nodes: WON, LOST, or None (not decided yet)."""
        if self.status is not None:
            return self.status
        stack, failed, path, deal = self.stack, self.failed, self.path, self.deal
        end = self.nodes + quota
        while self.nodes < end:
            if not stack:
                self.status = WON if self.first_wins else LOST
                break
            frame = stack[-1]
            children = frame[0]
            if frame[1] >= len(children):
                failed.add(frame[2])
                stack.pop()
                if path:
                    path.pop()
                continue
            _rank, colour, root, macro = children[frame[1]]
            frame[1] += 1
            self.nodes += 1
            n, configs = frame[2]
            child = self._visit(n, configs, colour, macro, frame[3])
            if child is None:
                continue
            n, configs = child
            steps = (root, macro[3], post_of(macro))
            books = books_made(configs, deal, n)
            if books > self.best_books:
                self.best_books = books
                self.best_path = [*path, (colour, steps)]
            if n == deal.size:  # every colour passed the relaxed check: won
                self.line = [*path, (colour, steps)]
                self.end = configs
                if not self.every_first:
                    self.status = WON
                    break
                self.first_wins.append(self.line[0])
                del stack[1:]  # on with the next first macro
                del path[:]
            path.append((colour, steps))
            stack.append([self._children(n, configs), 0, child, 0])
        if self.status is not None:
            self.failed = set()
            self.stack = []
        return self.status


class KingsKeysSearch(Sliced):
    """A resumable search of a King's Keys position (which it does not change), with the
    interface of `search.Search`: `step(quota)` searches up to `quota` more nodes and
    returns the Solution once decided or out of budget; `progress`, `nodes`."""

    RUN_QUOTA = 50_000

    def __init__(self, game, max_nodes: int = 2_000_000,
                 max_seconds: float | None = None) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.result: Solution | None = None
        holes = sum(1 for cell in game.cells if not cell) if game.stock else 0
        self.core = Core(field_configs(game.cells), Deal(list(reversed(game.stock))), holes)
        if self.core.status is not None:
            self.result = self._finish(self.core.status)

    @property
    def nodes(self) -> int:
        return self.core.nodes

    def step(self, quota: int) -> Solution | None:
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        status = self.core.step(min(quota, self.max_nodes - self.nodes))
        self.seconds += time.perf_counter() - started
        if status is None and (self.nodes >= self.max_nodes or (
                self.max_seconds is not None and self.seconds >= self.max_seconds)):
            status = UNKNOWN
        if status is not None:
            self.result = self._finish(status)
        return self.result

    def _finish(self, status: str) -> Solution:
        core = self.core
        if status == WON:
            moves = self._texts(core.line, won=True)
            return Solution(WON, moves, FULL_BOOKS, core.nodes, self.seconds)
        moves = self._texts(core.best_path, won=False)
        return Solution(status, moves, core.best_books, core.nodes, self.seconds)

    def _texts(self, line: list, won: bool) -> list[str]:
        """The macros of `line` (and, for a win, the clearing of each Colour once the pile
        is empty) as engine moves, played through a copy of the game. The engine checks
        every move, and the line must end where the search says: a win is a full escape
        on the engine, a lost deal's best line makes its books there (else an error, never
        an answer)."""
        import copy

        game = copy.deepcopy(self.game)
        texts: list[str] = []
        for colour, (root, steps, _post) in line:
            here = field_configs(game.cells)[colour]
            for step in (*shuffle_path(here, root), *steps):
                texts.append(_play(game, colour, step))
        if won:
            for colour in range(COLOURS):
                for step in clear_line(field_configs(game.cells)[colour]):
                    texts.append(_play(game, colour, step))
            if not (game.is_over() and game.outcome().won):
                raise AssertionError("a winning line did not win on the engine")
        elif len(game.books) // BOOK != self.core.best_books:
            raise AssertionError("the best line did not make its books on the engine")
        return texts


def _play(game, colour: int, step: tuple[int, int, int]) -> str:
    """Make one step (source stack, target stack, take) of `colour` on the engine."""
    move = first_step(game, colour, step)
    game.push(move)
    return str(move)


def solve(game, max_nodes: int = 2_000_000, max_seconds: float | None = None) -> Solution:
    return KingsKeysSearch(game, max_nodes, max_seconds).run()


__all__ = ["CELLS", "KingsKeysSearch", "clearable", "macros", "solve"]
