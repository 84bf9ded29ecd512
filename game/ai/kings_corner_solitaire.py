"""Solver, hint and greedy player for Kings in the Corner, the one-player patience.

The solver (`RULES`, for `search.Search`) sees the stock. What it stands on: the values
on the grid at each stock size do not depend on the player (a number card goes on some
empty cell, so the grid is full after the same cards whatever the player does, and a
removing phase takes the same number of each value: every 10, pairs of 5s, and of two
values adding up to 10 as many as the rarer has). Only where the cards lie is the
player's. So a `Plan` of the stock says when each removing phase comes and what it
takes, and from it:
- a deal with a full grid and nothing to remove ahead is lost whatever is played (most
  lost deals are: they are proved at once); so is a `strict` deal whose stock runs out
  with number cards on the grid (the last card leaves the grid not full, or the last
  phase leaves some: only a full grid begins a phase);
- a position's key holds, per kind of cell (King spots, Queen spots, Jack spots, the
  centre: cells of one kind are alike), the sorted codes of its cards: a court, or a
  number card's value, or, when every card of that value goes in the same coming phase
  (or none ever goes), that phase, so such cards are interchangeable;
- a number card is placed once per kind of empty cell, never on a court spot that a
  court card of that rank needs before the next phase, nor so that a court rank cannot
  have room enough after it (an upper bound on the cells the phase can free);
- a removing phase is one macro move (`search.Line`) per distinct way it can end: only
  which copies of the commoner value of a pair stay is a choice, by kind of cell.
Every cut is a proof, so "lost" is a proof (`sound`).

The hint sees the grid, the turned card, the discard pile and the stock size. Between
two removing phases the grid fills up with exactly its empty cells' worth of cards, and
only court cards are fussy, so the hint computes (`window_value`) the chance to fill the
grid without a court card finding its spots full when every number card is placed as
well as possible without knowing the next cards: a small exact dynamic programme over
the free cells of each kind and the unseen court cards of each rank, cached. A number
card goes where that chance is highest, weighed against what it leaves after the phase:
a card unlikely to go in the next phase should not sit on a court spot of a rank still
to come, and a card likely to go need not take a centre cell (BLOCK_COURT, BLOCK_CENTRE,
SHORT_CENTRE); the card that fills the grid looks through the phase that follows, which
it can see. A removing phase ends where the chance for the next filling is highest,
then with the fewest number cards left on court spots. A court card with several free
spots goes on the first. Without the stock's order the game is mostly luck: on deals
1-1000 the hint player wins 6.9% (the solver proves 59.5% winnable), about 0.15 ms a
hint in CPython.

What a stronger no-peek hint could gain, measured for issue 17 (deals 1-10,000 unless
said; none of it beat this hint, which therefore stays):
- Where it loses (deals 1-2,000): 9% of deals end on a full grid with nothing to remove,
  which no player changes; a fifth die in the first filling, whose best chance without
  the stock's order is 80% (`window_value` of the empty grid), as the hint plays it; the
  rest in later fillings, each begun with a mean chance of 0.77.
- Rollouts (each candidate, a number card per kind of cell or a phase's distinct ends,
  played to the end over sampled stock orders with this hint as the continuation,
  common samples): 3-4 wins against 7 on deals 1-100 with 8-16 samples, 0.25-0.5 s a
  game. With 300 samples a decision (deals 1-6, 91 decisions) the best candidate's win
  chance is above the hint's choice by 0.4 points on average, an overestimate (the
  largest of noisy figures): one-step improvement has almost nothing to find, and the
  few samples a hint can afford only add noise. Rollouts cut at the next phase and
  valued by `window_value`: 4 wins against 13 (deals 1-200).
- Perfect-information Monte Carlo with the solver (bench/camelot_pimc.py: each candidate,
  a number card per kind of cell or a phase's distinct ends, scored by how many of K
  stock orders sampled from the visible position, common to all candidates, `RULES`
  wins within 2,000 nodes a solve, an undecided one a loss; ties to this hint): K=20,
  deals 1-1000, 7.0% [5.6, 8.8] against 6.9% [5.5, 8.6], 2 s of CPU a game (K=30,
  undecided as half a win: 12 of deals 1-200 against 13, 3 s a game). The
  candidates' counts differ by a point or two in a hundred (deal 9, second card, 100
  samples: 59/57/57/56), below what the samples resolve, and the solver recovers from
  nearly any placement since it sees the stock (strategy fusion). Cut at the next phase's
  end and valued by `window_value` there: 5 of deals 1-100 (the hint 7); the hint playing
  on blind to the next full grid, the solver after: 1 of 100.
- BLOCK_COURT, BLOCK_CENTRE and SHORT_CENTRE over a grid of 27: none better beyond
  noise (the best, 0.3/0/0.1, 6.5% against 6.3%); a programme like `window_value` that
  also charges each number card left on a court spot by the next phase: worse; keeping
  centre cells for a filling's last cards (whose fate is better known): worse (3.3-6.2%).
- Knowing each number card's fate in the next phase (read from the stock, cheating) and
  weighing it as `_chance_removed` is weighed: 7.1-7.4% of deals 1-2,000 against 7.2%.
- A player allowed to move number cards from court spots into empty centre cells after
  every phase (a move the rules lack; bench/camelot_ceiling.py) wins 16.6% [15.8, 17.3]:
  cards that stay sitting on court spots while the centre held cards that went is where
  the games are lost. But the centre is also what keeps court spots free while a filling
  goes on, and without the stock's order a card's fate is not known when it is placed
  (and knowing it, above, did not help), so a real player gets little of that: 15% is
  close to what even the repair move gives.

The greedy player makes the first legal move: a number card on the lowest empty cell,
a court card on its first free spot, the first removal listed.
"""

from __future__ import annotations

from itertools import combinations, product

from ..engine import Move
from ..games.kings_corner_solitaire import (
    CENTRE,
    KIC_DECK,
    SIZE,
    VALUE,
    Place,
    Remove,
    spots_for,
)
from .sampling import Immediate
from .search import Certainty, Line
from .solitaire import FINISH_NODES, Grading, Resumable, SolitaireAI, by_rules

KINDS = 4  # cell kinds: 0 King spots, 1 Queen spots, 2 Jack spots, 3 the centre
RANK_KIND = {"K": 0, "Q": 1, "J": 2}
COURT = 11  # a court card's code in a position's key (an empty cell is 0)
NEVER = 15  # code of a value no removing phase ahead takes
DIES = 16  # DIES + j: code of a value every copy of which goes in removing phase j


def _layout(swap: bool) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    spots = spots_for(swap)
    cells = (spots["K"], spots["Q"], spots["J"], CENTRE)
    kind_of = [0] * SIZE
    for kind, group in enumerate(cells):
        for cell in group:
            kind_of[cell] = kind
    return tuple(kind_of), cells


LAYOUT = {swap: _layout(swap) for swap in (False, True)}
NUMBER = {card: VALUE.get(card, 0) for card in KIC_DECK}  # value 1..10; 0: a court card


def removed_by_phase(counts: list[int]) -> list[int]:
    """How many cards of each value (index 1..10) a whole removing phase takes from a grid
    holding `counts`: every 10, the pairs of 5s, and of each pair of values adding up to 10
    as many as the rarer one has (classes never interact, and the phase goes on until
    no pair is left, so these numbers do not depend on the player)."""
    taken = [0] * 11
    taken[10] = counts[10]
    for low in (1, 2, 3, 4):
        both = min(counts[low], counts[10 - low])
        taken[low] = taken[10 - low] = both
    taken[5] = counts[5] - counts[5] % 2
    return taken


class Plan:
    """What the stock order decides whatever the player does, from one position on.

    The values on the grid at each stock size do not depend on the player: a number card
    goes on some empty cell, the grid is full after the same number of cards, and a
    removing phase takes the same number of each value (`removed_by_phase`). Only where
    the cards lie (which kind of cell) is the player's. So the removing phases ahead are
    known: when they start and what they take."""

    __slots__ = ("stock", "top", "dead", "phase_counts", "phase_taken", "trigger",
                 "next_phase", "codes", "codes_after", "phase_at", "window", "window_after")

    def __init__(self, game) -> None:
        stock = game.stock
        self.stock = stock  # the list object: a plan holds for this stock list only
        self.top = top = len(stock)
        strict = game.options["strict"]
        counts = [0] * 11
        total = courts = 0
        for card in game.cells:
            if card is not None:
                total += 1
                value = NUMBER[card]
                counts[value] += 1
                courts += not value
        # left[kind][n]: courts of that kind in stock[:n]
        left = [[0] * (top + 1) for _ in range(3)]
        for i, card in enumerate(stock):
            for kind in range(3):
                left[kind][i + 1] = left[kind][i]
            if not NUMBER[card]:
                left[RANK_KIND[card[0]]][i + 1] += 1
        self.phase_counts: list[list[int]] = []
        self.phase_taken: list[list[int]] = []
        self.trigger: list[int] = []  # stock size while phase j removes
        self.next_phase: list[int] = [0] * (top + 1)  # filling at stock size n: next phase
        self.dead = False  # a full grid with nothing to remove lies ahead: lost
        n = top

        def phase() -> bool:
            nonlocal total
            taken = removed_by_phase(counts)
            self.phase_counts.append(list(counts))
            self.phase_taken.append(taken)
            self.trigger.append(n)
            gone = sum(taken)
            if not gone and total == SIZE:
                self.dead = True
                return False
            for value in range(11):
                counts[value] -= taken[value]
            total -= gone
            return True

        if game.removing and not phase():
            n = 0
        while n > 0:
            self.next_phase[n] = len(self.trigger)
            card = stock[n - 1]
            n -= 1
            total += 1
            value = NUMBER[card]
            if not value:
                courts += 1
                if courts == 12 and not strict:
                    break
            else:
                counts[value] += 1
            if total == SIZE and not phase():
                break
        if strict and not self.dead and n == 0 and any(counts[1:]):
            # the stock runs out with number cards on the grid that no phase takes (the
            # last card leaves the grid not full, or its phase leaves some): lost
            self.dead = True
        phases = len(self.trigger)
        codes_from = [self._codes(j) for j in range(phases + 1)]
        self.codes = [codes_from[self.next_phase[n]] for n in range(top + 1)]
        self.codes_after = codes_from[1:]
        self.phase_at = {n: j for j, n in enumerate(self.trigger)}

        def courts_between(high: int, low: int) -> tuple[int, int, int]:
            return tuple(left[kind][high] - left[kind][low] for kind in range(3))

        ends = self.trigger + [0]
        self.window = [courts_between(n, ends[self.next_phase[n]]) for n in range(top + 1)]
        self.window_after = [courts_between(ends[j], ends[j + 1]) for j in range(phases)]

    def _codes(self, first: int) -> tuple[int, ...]:
        """Value -> its code from phase `first` on: DIES + j when phase j is the first to
        take any and takes every copy then on the grid, so which of those cards lies
        where no longer matters for what they are; the value itself otherwise."""
        codes = [0] * 11
        for value in range(1, 11):
            code = NEVER
            for j in range(first, len(self.trigger)):
                taken = self.phase_taken[j][value]
                if taken:
                    code = DIES + j if taken == self.phase_counts[j][value] else value
                    break
            codes[value] = code
        return tuple(codes)


class KingsCornerSolitaireRules:
    """The full-information solver's rules (see the module's docstring). Plans are kept
    per stock list (a search works on its own copy), a few at a time."""

    sound = True

    def __init__(self) -> None:
        self._plans: dict[int, Plan] = {}

    def plan(self, game) -> Plan:
        stock = game.stock
        plan = self._plans.get(id(stock))
        if plan is None or plan.stock is not stock or len(stock) > plan.top:
            if len(self._plans) >= 8:
                self._plans.clear()
            plan = self._plans[id(stock)] = Plan(game)
        return plan

    def key(self, game):
        cells = game.cells
        n = len(game.stock)
        plan = self.plan(game)
        if game.removing:
            codes = self._removing_codes(game, plan, n)
        else:
            codes = plan.codes[n]
        groups = LAYOUT[game.options["swap"]][1]
        key = [n, game.removing]
        for group in groups:
            key += sorted([0 if (card := cells[i]) is None else (codes[NUMBER[card]] or COURT)
                           for i in group])
        return tuple(key)

    @staticmethod
    def _removing_codes(game, plan: Plan, n: int) -> tuple[int, ...]:
        counts = [0] * 11
        for card in game.cells:
            if card is not None:
                counts[NUMBER[card]] += 1
        taken = removed_by_phase(counts)
        j = plan.phase_at.get(n)
        if j is None:  # a position the plan has no phase for: no merging
            return tuple(range(11))
        after = plan.codes_after[j]
        codes = [0] * 11
        for value in range(1, 11):
            if not taken[value]:
                codes[value] = after[value]
            elif taken[value] == counts[value]:
                codes[value] = DIES + j
            else:
                codes[value] = value
        return tuple(codes)

    @staticmethod
    def won(game) -> bool:
        return game._won()

    @staticmethod
    def value(game) -> int:
        return game.score * 100 + SIZE * 4 - len(game.stock)

    def moves(self, game) -> list:
        plan = self.plan(game)
        if plan.dead:
            return []
        cells = game.cells
        kind_of, groups = LAYOUT[game.options["swap"]]
        n = len(game.stock)
        empty = [0, 0, 0, 0]
        for cell, card in enumerate(cells):
            if card is None:
                empty[kind_of[cell]] += 1
        if game.removing:
            return self._removals(game, plan, n, empty, kind_of)
        if not n:
            return []
        card = game.stock[-1]
        value = NUMBER[card]
        if not value:
            kind = RANK_KIND[card[0]]
            for cell in groups[kind]:
                if cells[cell] is None:
                    return [Place(cell)]
            return []
        j = plan.next_phase[n]
        window = plan.window[n]
        for kind in range(3):
            if empty[kind] < window[kind]:
                return []
        after = plan.window_after[j] if j < len(plan.trigger) else (0, 0, 0)
        taken = plan.phase_taken[j] if j < len(plan.trigger) else [0] * 11
        # an upper bound on each court kind's empty cells once phase j is over
        bound = []
        for kind in range(3):
            counts = [0] * 11
            for cell in groups[kind]:
                held = cells[cell]
                if held is not None:
                    counts[NUMBER[held]] += 1
            freed = sum(min(taken[v], counts[v]) for v in range(1, 11) if counts[v])
            free_then = empty[kind] - window[kind] + freed
            if free_then < after[kind]:
                return []
            bound.append((free_then, freed, counts))
        options = []
        dies_next = plan.codes[n][value] == DIES + j
        for kind in range(KINDS):
            if not empty[kind]:
                continue
            if kind < 3:
                slack = empty[kind] - 1 - window[kind]
                if slack < 0:
                    continue
                free_then, freed, counts = bound[kind]
                if not (taken[value] > counts[value]) and free_then - 1 < after[kind]:
                    continue
                rank = (0 if dies_next else 1, -slack)
            else:
                rank = (1 if dies_next else 0, 0)
            cell = next(c for c in groups[kind] if cells[c] is None)
            options.append((rank, Place(cell)))
        options.sort(key=lambda option: option[0])
        return [move for _rank, move in options]

    @staticmethod
    def _removals(game, plan: Plan, n: int, empty: list[int], kind_of) -> list:
        j = plan.phase_at.get(n)
        after = plan.window_after[j] if j is not None else (0, 0, 0)
        found = []
        for moves, freed, _removed in removal_outcomes(game.cells, kind_of):
            free = [empty[k] + freed[k] for k in range(3)]
            if any(free[k] < after[k] for k in range(3)):
                continue
            slack = sum(min(free[k] - after[k], 2) for k in range(3))
            found.append((-slack, Line(moves)))
        found.sort(key=lambda item: item[0])
        return [line for _slack, line in found]


def removal_outcomes(cells, kind_of) -> list[tuple[tuple[Move, ...], list[int], list[int]]]:
    """The distinct ways a removing phase can end, from `cells`: (the removals, in an
    order the engine accepts, the cells freed per kind, the cells freed). Ways that differ
    only in which of two alike cells (same value, same kind) go are one way. Every 10
    goes, and of each pair of values adding up to 10 the rarer value's cards all go (both
    values' when as many), so the only choice is which of the commoner value's cards
    stay (one 5 of three stays): by kind."""
    where: list[list[int]] = [[] for _ in range(11)]
    for cell, card in enumerate(cells):
        if card is not None and NUMBER[card]:
            where[NUMBER[card]].append(cell)
    fixed: list[Move] = [Remove(cell) for cell in where[10]]
    fixed_cells = list(where[10])
    choices = []  # per class with a choice: [(removals, cells removed)]
    for low in (1, 2, 3, 4, 5):
        if low == 5:
            lows, highs = [], where[5]
            if len(highs) < 2:
                continue
            stay = len(highs) % 2
        else:
            lows, highs = where[low], where[10 - low]
            if not lows or not highs:
                continue
            if len(lows) > len(highs):
                lows, highs = highs, lows
            stay = len(highs) - len(lows)
        if not stay:
            fixed += _pairs(lows, highs)
            fixed_cells += lows + highs
            continue
        options = []
        for keep in _by_kind(highs, kind_of, stay):
            rest = [cell for cell in highs if cell not in keep]
            options.append((_pairs(lows, rest), lows + rest))
        choices.append(options)
    if not fixed and not choices:
        return []
    found = []
    for combo in product(*choices):
        moves = list(fixed)
        removed = list(fixed_cells)
        for more, gone in combo:
            moves += more
            removed += gone
        found.append((tuple(moves), _freed(removed, kind_of), removed))
    return found


def _pairs(lows: list[int], highs: list[int]) -> list[Move]:
    """Removals pairing lows[i] with highs[i]; with no lows, highs two by two (5s)."""
    if not lows:
        return [Remove(highs[i], highs[i + 1]) for i in range(0, len(highs) - 1, 2)]
    return [Remove(min(a, b), max(a, b)) for a, b in zip(lows, highs, strict=True)]


def _freed(cells: list[int], kind_of) -> list[int]:
    freed = [0, 0, 0, 0]
    for cell in cells:
        freed[kind_of[cell]] += 1
    return freed


def _by_kind(cells: list[int], kind_of, keep: int) -> list[list[int]]:
    """The distinct ways to keep `keep` of `cells` when cells of one kind are alike: one
    list of kept cells per multiset of kinds."""
    seen = {}
    for chosen in _combinations(cells, keep):
        signature = tuple(sorted(kind_of[c] for c in chosen))
        seen.setdefault(signature, chosen)
    return list(seen.values())


def _combinations(cells: list[int], k: int) -> list[list[int]]:
    return [list(chosen) for chosen in combinations(cells, k)]


RULES = KingsCornerSolitaireRules()


# -- the hint -----------------------------------------------------------------------------

BINOMIAL = [[1.0] * 1]
for _n in range(1, 53):
    _row = BINOMIAL[-1]
    BINOMIAL.append([1.0] + [_row[k - 1] + _row[k] for k in range(1, _n)] + [1.0])


def _choose(n: int, k: int) -> float:
    return BINOMIAL[n][k] if 0 <= k <= n else 0.0


def survival(free: list[int], unseen_courts: list[int], unseen: int, draws: int) -> float:
    """The chance that the next `draws` cards from `unseen` unseen ones (the court cards
    of kind k among them: unseen_courts[k]) bring no more court cards of any kind than it
    has free spots (free[k]): the chance to reach the next removing phase alive."""
    draws = min(draws, unseen)
    if draws <= 0:
        return 1.0
    u0, u1, u2 = unseen_courts
    rest = unseen - u0 - u1 - u2
    total = 0.0
    for x0 in range(min(free[0], u0, draws) + 1):
        c0 = _choose(u0, x0)
        for x1 in range(min(free[1], u1, draws - x0) + 1):
            c01 = c0 * _choose(u1, x1)
            for x2 in range(min(free[2], u2, draws - x0 - x1) + 1):
                total += c01 * _choose(u2, x2) * _choose(rest, draws - x0 - x1 - x2)
    return total / _choose(unseen, draws)


BLOCK_COURT = 0.5
BLOCK_CENTRE = 0.1
SHORT_CENTRE = 0.1
_window_cache: dict[tuple, float] = {}


def window_value(free: tuple[int, int, int, int], courts: tuple[int, int, int],
                 numbers: int) -> float:
    """The chance to fill the grid's empty cells (free[k] of kind k; kind 3 the centre)
    without a court card finding its spots full, with the best choices of where the
    number cards go and without knowing what comes: the next card is any of the unseen
    ones (courts[k] court cards of kind k, `numbers` number cards) alike."""
    pairs = sorted(zip(free[:3], courts, strict=True))
    key = (pairs[0], pairs[1], pairs[2], free[3], numbers)
    value = _window_cache.get(key)
    if value is not None:
        return value
    f = [pair[0] for pair in pairs]
    u = [pair[1] for pair in pairs]
    centre = free[3]
    unseen = u[0] + u[1] + u[2] + numbers
    if not unseen or not f[0] + f[1] + f[2] + centre:
        value = 1.0
    else:
        total = 0.0
        for k in range(3):
            if u[k] and f[k]:
                f[k] -= 1
                u[k] -= 1
                total += (u[k] + 1) * window_value((f[0], f[1], f[2], centre),
                                                   (u[0], u[1], u[2]), numbers)
                f[k] += 1
                u[k] += 1
        if numbers:
            best = 0.0
            for k in range(4):
                if k == 3:
                    if not centre:
                        continue
                    option = window_value((f[0], f[1], f[2], centre - 1),
                                          (u[0], u[1], u[2]), numbers - 1)
                else:
                    if not f[k]:
                        continue
                    f[k] -= 1
                    option = window_value((f[0], f[1], f[2], centre),
                                          (u[0], u[1], u[2]), numbers - 1)
                    f[k] += 1
                best = max(best, option)
            total += numbers * best
        value = total / unseen
    if len(_window_cache) > 1_000_000:
        _window_cache.clear()
    _window_cache[key] = value
    return value


def hint(game) -> Move | None:
    """The move the hint suggests, from the visible position only (the stock below the
    turned card is read for its size alone, and not at all while removing); None when
    the game is over."""
    if game.is_over():
        return None
    swap = game.options["swap"]
    kind_of, groups = LAYOUT[swap]
    cells = game.cells
    turned = None if game.removing else game.stock[-1]
    grid = [0] * 11
    courts_left = [4, 4, 4]
    empty = [0, 0, 0, 0]
    for cell, card in enumerate(cells):
        if card is None:
            empty[kind_of[cell]] += 1
        elif NUMBER[card]:
            grid[NUMBER[card]] += 1
        else:
            courts_left[RANK_KIND[card[0]]] -= 1
    unseen_values = [4] * 11
    for value in range(11):
        unseen_values[value] -= grid[value]
    for card in game.discard:
        unseen_values[NUMBER[card]] -= 1
    unseen = len(game.stock)
    if turned is not None:
        unseen -= 1
        if NUMBER[turned]:
            unseen_values[NUMBER[turned]] -= 1
        else:
            courts_left[RANK_KIND[turned[0]]] -= 1
            free = [cell for cell in groups[RANK_KIND[turned[0]]] if cells[cell] is None]
            return Place(free[0])
    if game.removing:
        return _hint_removal(game, kind_of, empty, courts_left, unseen)
    value = NUMBER[turned]
    draws = sum(empty) - 1
    best = None
    for kind in (3, 0, 1, 2):
        if not empty[kind]:
            continue
        cell = next(c for c in groups[kind] if cells[c] is None)
        if not draws:  # the grid is full then: the phase that follows is known
            full = list(cells)
            full[cell] = turned
            score = _phase_score(full, kind_of, empty_after(full, kind_of), courts_left, unseen)
            if best is None or score > best[0]:
                best = (score, Place(cell))
            continue
        free = empty[:3]
        if kind < 3:
            free[kind] -= 1
        alive = window_value((*free, empty[3] - (kind == 3)), tuple(courts_left),
                             max(0, unseen - sum(courts_left)))
        gone = _chance_removed(value, grid, unseen_values, unseen, draws)
        if kind < 3:
            block = BLOCK_COURT if courts_left[kind] else 0.0
        else:
            block = BLOCK_CENTRE
        score = alive * (1 - (1 - gone) * block - (kind == 3) * gone * SHORT_CENTRE)
        if best is None or score > best[0] + 1e-12:
            best = (score, Place(cell))
    return best[1]


def empty_after(cells, kind_of) -> list[int]:
    empty = [0, 0, 0, 0]
    for cell, card in enumerate(cells):
        if card is None:
            empty[kind_of[cell]] += 1
    return empty


def _chance_removed(value: int, grid: list[int], unseen_values: list[int], unseen: int,
                    draws: int) -> float:
    """Roughly, the chance that a card of `value` placed now goes in the next removing
    phase (which comes after `draws` more cards)."""
    if value == 10:
        return 1.0
    partner = 10 - value
    have = grid[partner] - (grid[value] if value != 5 else 0)
    if value == 5:
        have = grid[5]
    if have > 0:
        return 1.0
    need = 1 - have
    draws = min(draws, unseen)
    if draws <= 0:
        return 0.0
    partners = unseen_values[partner]
    miss = 0.0
    for x in range(min(need, partners + 1)):
        miss += _choose(partners, x) * _choose(unseen - partners, draws - x)
    return max(0.0, 1.0 - miss / _choose(unseen, draws))


def _hint_removal(game, kind_of, empty, courts_left, unseen) -> Move | None:
    best = _best_phase_end(game.cells, kind_of, empty, courts_left, unseen)
    return None if best is None else best[1][0]


def _best_phase_end(cells, kind_of, empty, courts_left, unseen):
    """(score, removals) of the best way for the removing phase from `cells` to end:
    the likeliest to fill the grid again safely, then the fewest number cards left on
    the spots of court ranks still to come; None when nothing can be removed."""
    best = None
    numbers = max(0, unseen - sum(courts_left))
    for moves, freed, removed in removal_outcomes(cells, kind_of):
        free = [empty[k] + freed[k] for k in range(KINDS)]
        alive = window_value(tuple(free), tuple(courts_left), numbers)
        kept = sorted(kind_of[cell] for cell, card in enumerate(cells)
                      if card is not None and NUMBER[card] and cell not in removed)
        blocked = sum(1 for k in kept if k < 3 and courts_left[k])
        score = (alive, -blocked, tuple(kept))
        if best is None or score > best[0]:
            best = (score, moves)
    return best


def _phase_score(cells, kind_of, empty, courts_left, unseen) -> tuple:
    best = _best_phase_end(cells, kind_of, empty, courts_left, unseen)
    return (-1.0,) if best is None else best[0]


def greedy(game) -> Move | None:
    """The first legal move: a number card on the lowest empty cell, a court card on its
    first free spot, the first removal listed."""
    moves = game.legal_moves()
    return moves[0] if moves else None


class HintSearch(Immediate):
    """The hint in the resumable form the page drives (see game/ai/solitaire.py)."""

    def __init__(self, game) -> None:
        super().__init__(game, hint)


GRADING = Grading("hint", medium=8, words=(
    "Every graded deal can be won (the solver found a way). Easy: a player following "
    "the Hint button every move wins. Medium: the hint player places at least 8 of "
    "the 12 court cards. Hard: it places fewer."))

FINISH_STOCK = 10


def _exact(game) -> tuple:
    """The exact position: the grid cell by cell, how many cards are left to turn (their
    order is the deal's) and the phase (the discards are what is left)."""
    return tuple(game.cells), len(game.stock), game.removing


def finish(game) -> Resumable | None:
    """Whether the rest is certain, for "Finish the game" (game/ai/solitaire.py): every
    line of play from here wins (search.Certainty, within FINISH_NODES), so offering it
    tells the player nothing about which move to make. A weaker test would not do here:
    the stock stays hidden to the last card, so a line the solver finds (it sees the
    stock) is one the player could not know. Only with FINISH_STOCK cards or fewer left to
    turn: before that no line-by-line search of every line ends within the budget, and
    each try costs a tenth of a second or more (deals 9, 59, 88 played by the hint were
    first certain with 9, 5 and no cards left)."""
    if len(game.stock) > FINISH_STOCK:
        return None
    return Certainty(game, _exact, FINISH_NODES)


# Queens on the sides and Camelot (strict) deal the same cards and count the same court
# cards placed, so their deals are graded alike, from their own results (bench/results).
AI = SolitaireAI(by_rules(RULES), hint, greedy, HintSearch, grading=GRADING, finish=finish,
                 mode_gradings={"swap1": GRADING, "strict1": GRADING})
