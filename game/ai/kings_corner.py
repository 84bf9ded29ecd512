"""Computer opponents for Kings in the Corner, 2 to 6 players (docs/rules.md section 5).

    choose(view, level, rng) -> Move

`view` is `KingsCorner.view(seat)` for the seat to move: the only thing a computer player
reads (docs/architecture.md), so it cannot peek at other hands or the stock. It returns one move at
a time; the page calls it again after each move until it returns END_TURN (or NEXT_HAND
when a hand is over). Pure Python, no threads, no numpy: it runs under Pyodide as is.

Levels (the `players` option's letters 1, 2, 3; LEVEL_OF):
- easy: a random play; now and then it ends the turn early, and always when nothing is
  left to play.
- normal: greedy priorities. Kings to corners; a side stall moved onto another (or a
  King-headed one to a corner), which frees a side; then the card that lets most of the
  hand follow it, onto a stall top; under a row (Classic option); and last the card that
  starts the longest run from the hand (the higher the better) onto an empty side. It
  plays while anything can be played.
- hard: determinized Monte Carlo. Its candidate plans are the distinct positions the
  turn can end in, ending it now included: a search over the orders of play, positions
  merged whatever the order or the side names, and the plans that stop with cards still
  playable are candidates too (holding cards back wins hands: 42% of three-player Jax
  hands against two normal players with only the plans that play on to the end, 54%
  with them). The 32 plans that keep fewest cards race in the same sampled worlds (the
  unseen cards, the deck less its own hand and the stalls, dealt at random to the other
  hands, whose sizes are known, and to the stock); each rollout plays the hand out with
  normal players, and after each stage the worse half of the plans drops out. The best
  plan's first play is the move (the next call plans again from there). The effort is a
  fixed amount of work, not a time, so the choice is deterministic given `rng`: about
  50 ms a decision in CPython on the 2-core machine it was tuned on (three times the
  work won no more hands).

A turn always ends: every play takes a card from the hand or empties a side (a stall
moved onto an empty side is not a move), so a turn has at most 2 x hand + 8 moves, and
the levels only ever make plays. The rollouts play on a light copy of the rules (cards
as numbers 0..51, a stall as its bottom and top card), not on the engine.
"""

from __future__ import annotations

import random

from ..engine import Move
from ..games.kings_corner import (
    DECK,
    END_TURN,
    JAX_TARGET,
    NEXT_HAND,
    RANK,
    RED,
    STALLS,
    Play,
    Shift,
    Under,
    plays_for,
)

LEVEL_OF = {"1": "easy", "2": "normal", "3": "hard"}
LEVELS = ("easy", "normal", "hard")

# -- cards as numbers --------------------------------------------------------------------
# A card is its index in DECK (0..51); a hand is a bit mask of them; a stall is its bottom
# and top card (EMPTY when it has none).

EMPTY = 52
IDX = {card: i for i, card in enumerate(DECK)}
RK = [RANK[card] for card in DECK] + [0]
KING = [r == 13 for r in RK]
BIT = [1 << c for c in range(52)] + [0]
KINGS = sum(BIT[c] for c in range(52) if KING[c])


def _fits(c: int, t: int) -> bool:
    return RK[c] == RK[t] - 1 and RED[DECK[c]] != RED[DECK[t]]


FOL = [sum(BIT[c] for c in range(52) if _fits(c, t)) for t in range(52)] + [0]  # go on t
PAR = [sum(BIT[t] for t in range(52) if _fits(c, t)) for c in range(52)] + [0]  # c goes on
SIDE_IX = (0, 1, 2, 3)
CORNER_IX = (4, 5, 6, 7)
STALL_IX = (0, 1, 2, 3, 4, 5, 6, 7)

# actions: (PLAY, card, stall) (UNDER, card, side) (SHIFT, src, dst)
PLAY, UNDER, SHIFT = 0, 1, 2

EASY_STOP = 0.2  # easy's chance of ending its turn while it could still play


def _cards(mask: int):
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _to_move(action) -> Move:
    kind, a, b = action
    if kind == PLAY:
        return Play(DECK[a], STALLS[b])
    if kind == UNDER:
        return Under(DECK[a], STALLS[b])
    return Shift(STALLS[a], STALLS[b])


class _Rules:
    """The options that change play, from the view."""

    __slots__ = ("jax", "draw", "draw_end", "under")

    def __init__(self, options: dict) -> None:
        self.jax = options.get("rules", "jax") == "jax"
        self.draw = 1 if self.jax else options.get("draw", 1)
        self.draw_end = self.jax or bool(options.get("draw_end", False))
        self.under = not self.jax and bool(options.get("under", False))


def _read(view: dict) -> tuple[int, list[int], list[int]]:
    hand = 0
    for card in view["hand"]:
        hand |= BIT[IDX[card]]
    bot, top = [], []
    for name in STALLS:
        pile = view["stalls"][name]
        bot.append(IDX[pile[0]] if pile else EMPTY)
        top.append(IDX[pile[-1]] if pile else EMPTY)
    return hand, bot, top


def _unseen(view: dict) -> list[int]:
    """The cards the seat cannot see: the deck less its hand and the stalls."""
    seen = set(view["hand"])
    for pile in view["stalls"].values():
        seen.update(pile)
    return [i for i, card in enumerate(DECK) if card not in seen]


# -- the rules on numbers ----------------------------------------------------------------


def _plays(hand: int, bot, top, under: bool) -> list[tuple]:
    """Every play, as the engine's plays_for has them (as actions)."""
    out = []
    empty_side = EMPTY in (top[0], top[1], top[2], top[3])
    for c in _cards(hand):
        for s in STALL_IX:
            t = top[s]
            if t != EMPTY:
                if FOL[t] & BIT[c]:
                    out.append((PLAY, c, s))
            elif s < 4 or KING[c]:
                out.append((PLAY, c, s))
        if under and empty_side:
            for s in SIDE_IX:
                b = bot[s]
                if b != EMPTY and not KING[b] and PAR[b] & BIT[c]:
                    out.append((UNDER, c, s))
    for src in SIDE_IX:
        b = bot[src]
        if b == EMPTY:
            continue
        for dst in STALL_IX:
            if dst == src:
                continue
            t = top[dst]
            if t != EMPTY:
                if PAR[b] & BIT[t]:
                    out.append((SHIFT, src, dst))
            elif dst >= 4 and KING[b]:
                out.append((SHIFT, src, dst))
    return out


def _apply(action, hand: int, bot, top) -> int:
    """Make `action` on the stalls (in place); returns the hand left."""
    kind, a, b = action
    if kind == PLAY:
        if top[b] == EMPTY:
            bot[b] = a
        top[b] = a
        return hand ^ BIT[a]
    if kind == UNDER:
        bot[b] = a
        return hand ^ BIT[a]
    if top[b] == EMPTY:
        bot[b] = bot[a]
    top[b] = top[a]
    bot[a] = top[a] = EMPTY
    return hand


def _run(card: int, hand: int) -> int:
    """How many cards of `hand` can follow `card`, one on another."""
    m = FOL[card] & hand
    if not m:
        return 0
    best = 0
    while m:
        low = m & -m
        m ^= low
        d = _run(low.bit_length() - 1, hand)
        if d > best:
            best = d
    return best + 1


def _scan(bot, top) -> tuple:
    """What normal needs to know of the stalls, worked out once until they change: the
    tops (a mask), the cards that go on them (a mask), normal's move of a whole stall
    (or None), the first empty side and the first empty corner (or -1)."""
    t0, t1, t2, t3, t4, t5, t6, t7 = top
    tops = BIT[t0] | BIT[t1] | BIT[t2] | BIT[t3] | BIT[t4] | BIT[t5] | BIT[t6] | BIT[t7]
    follow = FOL[t0] | FOL[t1] | FOL[t2] | FOL[t3] | FOL[t4] | FOL[t5] | FOL[t6] | FOL[t7]
    empty_side = empty_corner = -1
    if EMPTY in top:
        if EMPTY in (t0, t1, t2, t3):
            empty_side = top.index(EMPTY)
        if EMPTY in (t4, t5, t6, t7):
            empty_corner = top.index(EMPTY, 4)
    shift = None
    for src in SIDE_IX:
        b = bot[src]
        m = PAR[b] & tops  # nothing for an empty side or a King
        if m:
            shift = (SHIFT, src, top.index(_low(m)))
            break
        if empty_corner >= 0 and KING[b]:
            shift = (SHIFT, src, empty_corner)
            break
    return tops, follow, shift, empty_side, empty_corner


def _normal(hand: int, bot, top, under: bool, scan: tuple | None = None):
    """Normal's next action, or None to end the turn. `scan` is `_scan(bot, top)` when
    the caller has it."""
    tops, follow, shift, empty_side, empty_corner = scan or _scan(bot, top)
    # 1. Kings to corners
    if hand & KINGS and empty_corner >= 0:
        return (PLAY, _low(hand & KINGS), empty_corner)
    # 2. free a side: a King-headed side to a corner, a side onto a stall
    if shift is not None:
        return shift
    # 3. a card onto a top: the one most of the hand can follow
    m = hand & follow
    if m:
        best = best_key = -1
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            key = _run(c, hand)
            if key > best_key:
                best, best_key = c, key
        return (PLAY, best, top.index(_low(PAR[best] & tops)))
    if not hand or empty_side < 0:
        return None
    # 4. under a row (Classic option), while a side is empty
    if under:
        for s in SIDE_IX:
            b = bot[s]
            if b != EMPTY and not KING[b] and PAR[b] & hand:
                return (UNDER, _low(PAR[b] & hand), s)
    # 5. an empty side: the card starting the longest run, the higher the better
    best = best_key = -1
    for c in _cards(hand):
        key = _run(c, hand) * 16 + RK[c]
        if key > best_key:
            best, best_key = c, key
    return (PLAY, best, empty_side)


def _easy(view: dict, rng: random.Random) -> Move:
    moves = plays_for(view["hand"], view["stalls"], _Rules(view["options"]).under)
    if not moves or rng.random() < EASY_STOP:
        return END_TURN
    return rng.choice(moves)


# -- whole hands on numbers (the rollouts) -----------------------------------------------


def _force_kings(hand: int, bot, top) -> int:
    """Jax: every King of `hand` to an empty corner (there is always one); the hand left."""
    for c in _cards(hand & KINGS):
        for s in CORNER_IX:
            if top[s] == EMPTY:
                bot[s] = top[s] = c
                hand ^= BIT[c]
                break
    return hand


def _rollout(hands, bot, top, stock, seat, moved, passes, dealer, rules, limit):
    """Play the hand on from the end of `seat`'s turn (its plays made; `moved`: whether
    a card moved in it), every seat as normal does, for at most `limit` more turns.
    `hands` is a list of masks. Returns (the winner, or -1 when the limit stopped it, the
    work done: normal's decisions, a measure of the time taken)."""
    n = len(hands)
    jax, draw, draw_end, under = rules.jax, rules.draw, rules.draw_end, rules.under
    turns = steps = 0
    scan = _scan(bot, top)
    while True:
        # the end of `seat`'s turn
        if draw_end and stock:
            for _ in range(draw):
                if not stock:
                    break
                c = stock.pop()
                moved = True
                if jax and KING[c]:
                    _force_kings(BIT[c], bot, top)
                    scan = _scan(bot, top)
                    break
                hands[seat] |= BIT[c]
        passes = 0 if moved else passes + 1
        if passes >= n:
            fewest = min(h.bit_count() for h in hands)
            for i in range(1, n + 1):
                if hands[(dealer + i) % n].bit_count() == fewest:
                    return (dealer + i) % n, steps
        if turns >= limit:
            return -1, steps
        turns += 1
        seat = (seat + 1) % n
        hand = hands[seat]
        moved = False
        # its start: forced Kings (Jax) or the draw (Classic)
        if jax:
            if hand & KINGS:
                hand = _force_kings(hand, bot, top)
                scan = _scan(bot, top)
                moved = True
                if not hand:
                    return seat, steps
        elif not draw_end:
            for _ in range(draw):
                if stock:
                    hand |= BIT[stock.pop()]
                    moved = True
        # its plays
        while True:
            action = _normal(hand, bot, top, under, scan)
            steps += 1
            if action is None:
                break
            kind, x, y = action
            if kind == PLAY:
                if top[y] == EMPTY:
                    bot[y] = x
                top[y] = x
                hand ^= BIT[x]
            elif kind == UNDER:
                bot[y] = x
                hand ^= BIT[x]
            else:
                if top[y] == EMPTY:
                    bot[y] = bot[x]
                top[y] = top[x]
                bot[x] = top[x] = EMPTY
            scan = _scan(bot, top)
            moved = True
        hands[seat] = hand
        if not hand:
            return seat, steps


# -- hard: plans and their worth ---------------------------------------------------------

PLAN_NODES = 600  # positions the search for the turn's plans visits at most
PLAN_KEEP = 32  # plans tried in the worlds: those that leave the fewest cards in hand
WORK = 50_000  # the rollouts' work for one decision (about 50 ms in CPython on 2 cores)
WORLD_WORK = 8  # the work of dealing a world, in normal's decisions
ROLLOUT_WORK = 3  # the work of setting up a rollout
TURN_LIMIT = 60  # turns a rollout plays before it is scored as it stands


def _key(hand: int, bot, top) -> tuple:
    """A position whatever the order of the plays or the sides' names."""
    sides = sorted((bot[s], top[s]) for s in SIDE_IX)
    corners = sorted(top[s] for s in CORNER_IX)
    return (hand, tuple(sides), tuple(corners))


def _branches(hand: int, bot, top, under: bool) -> list[tuple]:
    """The plays worth telling apart: as `_plays`, but of several empty sides or empty
    corners only the first (their names do not matter)."""
    out = []
    for action in _plays(hand, bot, top, under):
        kind, a, b = action
        if kind != UNDER and top[b] == EMPTY and b != top.index(EMPTY, 0 if b < 4 else 4):
            continue
        out.append(action)
    return out


def _plans(hand: int, bot, top, under: bool) -> list[tuple]:
    """The distinct positions the turn can end in, this one included (ending the turn
    now), each as (the first action that leads there or None, hand, bottoms, tops,
    whether nothing is left to play there). A search over the orders of play that visits
    at most PLAN_NODES positions; normal's plan is always among them."""
    seen = {_key(hand, bot, top)}
    plans = {}
    stack = [(None, hand, bot, top)]
    nodes = 0
    while stack and nodes < PLAN_NODES:
        first, h, b, t = stack.pop()
        nodes += 1
        actions = _branches(h, b, t, under) if h else []
        plans[_key(h, b, t)] = (first, h, b, t, not actions)
        for action in actions:
            b2, t2 = list(b), list(t)
            h2 = _apply(action, h, b2, t2)
            k = _key(h2, b2, t2)
            if k not in seen:
                seen.add(k)
                stack.append((first or action, h2, b2, t2))
    h, b, t = hand, list(bot), list(top)
    first = None
    while True:
        action = _normal(h, b, t, under)
        if action is None:
            break
        first = first or action
        h = _apply(action, h, b, t)
    plans.setdefault(_key(h, b, t), (first, h, b, t, True))
    return list(plans.values())


def _hard(view: dict, rng: random.Random, rules: _Rules) -> Move:
    """The first move of the plan that wins most often in sampled worlds."""
    hand, bot, top = _read(view)
    under = rules.under
    if not _plays(hand, bot, top, under):
        return END_TURN
    plans = _plans(hand, bot, top, under)
    for first, h, _b, _t, _end in plans:
        if not h:  # an empty hand wins now
            return _to_move(first)
    plans.sort(key=lambda p: (p[1].bit_count(), not p[4]))
    plans = plans[:PLAN_KEEP]
    if len({p[0] for p in plans}) > 1:
        plans = _race(view, rng, rules, plans)
    first = plans[0][0]
    return END_TURN if first is None else _to_move(first)


def _race(view: dict, rng: random.Random, rules: _Rules, plans: list) -> list:
    """Try the plans in the same sampled worlds, each played out to the end of the hand
    by normal players; after each stage the worse half drops out, until two are left.
    Returns the plans, the best first."""
    me = view["seat"]
    sizes = view["hand_sizes"]
    n = len(sizes)
    unseen = _unseen(view)
    others = [seat for seat in range(n) if seat != me]
    dealer, passes = view["dealer"], view["passes"]
    moved = [view["played"] or first is not None for first, *_ in plans]
    wins = [0.0] * len(plans)
    alive = list(range(len(plans)))
    spent = 0
    stages = max(1, (len(plans) - 1).bit_length())
    while True:
        stage_end = spent + (WORK - spent) // stages
        while spent < stage_end:
            # a world: the unseen cards dealt at random to the other hands and the stock
            rng.shuffle(unseen)
            hands = [0] * n
            at = 0
            for seat in others:
                for c in unseen[at:at + sizes[seat]]:
                    hands[seat] |= BIT[c]
                at += sizes[seat]
            stock = unseen[at:]
            spent += WORLD_WORK
            for i in alive:
                _first, h, b, t, _end = plans[i]
                hands[me] = h
                world = list(hands)
                winner, steps = _rollout(world, list(b), list(t), list(stock), me, moved[i],
                                         passes, dealer, rules, TURN_LIMIT)
                spent += steps + ROLLOUT_WORK
                if winner == me:
                    wins[i] += 1.0
                elif winner < 0 and world[me].bit_count() <= min(x.bit_count() for x in world):
                    wins[i] += 0.5  # stopped by the limit: shares the lead
        stages -= 1
        alive.sort(key=lambda i: -wins[i])  # stable: the fewer cards first among equals
        if stages <= 0:
            break
        alive = alive[:max(2, (len(alive) + 1) // 2)]
    return [plans[i] for i in alive]


# -- the entry point ---------------------------------------------------------------------


def _match_over(view: dict) -> bool:
    scores = view["ledger"]["scores"]
    options = view["options"]
    if options.get("rules", "jax") == "jax":
        return max(scores) >= JAX_TARGET
    limit = options.get("match", 0)
    return limit == 0 or max(scores) >= limit


def choose(view: dict, level: str, rng: random.Random) -> Move:
    """The next move of the seat to move, decided from its `view` alone."""
    if level not in LEVELS:
        raise ValueError(f"The levels are {', '.join(LEVELS)}, not {level!r}.")
    if view["over"]:
        if _match_over(view):
            raise ValueError("The game is over: there is no move to make.")
        return NEXT_HAND
    if view["seat"] != view["to_move"]:
        raise ValueError(f"It is seat {view['to_move']}'s turn, not seat {view['seat']}'s.")
    if level == "easy":
        return _easy(view, rng)
    rules = _Rules(view["options"])
    if level == "normal":
        hand, bot, top = _read(view)
        action = _normal(hand, bot, top, rules.under)
        return END_TURN if action is None else _to_move(action)
    return _hard(view, rng, rules)
