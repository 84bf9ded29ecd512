"""Devil's Grip's exact search without the grid (`devils_grip_solver.Grids`): its
position (sequence, pointer, redeals and the family of sets of relevant codes with
slack) is the game's, so on small positions it agrees with a plain exhaustive search
of every legal move, both ways; along lines of the solver's core the grid's exits are
always in a set of its family; its families as a nested matroid are the sets an
explicit search carries; and its winning lines replay to a win on the engine."""

import itertools
import random

import pytest

from game.ai import devils_grip_solver as dgs
from game.ai.devils_grip_solver import DevilsGripSearch
from game.ai.search import LOST, WON
from game.games import GAMES

from .test_ai_devils_grip_solver import plain_status, replay, small_position


def grids_of(core, explicit: bool = False) -> dgs.Grids:
    return dgs.Grids(core.seq, core.p, core.redeals, core.draw, core.passes,
                     dgs.exits_mask(core.bottoms, core.tops), explicit=explicit)


def exact_slack(core) -> int:
    """The grid's exits at relevant codes: the set S of its slack that matters."""
    return dgs.relevant(dgs.exits_mask(core.bottoms, core.tops), core.seq)


def bases(family: tuple) -> set[int]:
    """The largest sets of a family given as (ground, limits), by enumeration."""
    ground, limits = family
    bits = [1 << b for b in range(48) if ground >> b & 1]
    rank = dgs._rank(ground, limits)
    found = set()
    for chosen in itertools.combinations(bits, rank):
        s = sum(chosen)
        if all((s & cs).bit_count() <= c for cs, c in limits):
            found.add(s)
    return found


def won_line_replays(game, core, grids) -> bool:
    line = dgs.on_grid(core, grids.spent(grids.path))
    moves, left = dgs.texts(game, line)
    return left == 0 and replay(game, moves).outcome().won


@pytest.mark.parametrize("passes", [1, 3])
def test_the_exact_search_without_the_grid_agrees_with_a_plain_search(passes):
    """On small positions (a few sequences still to build) `Grids` says WON exactly
    when the plain search of every legal move does (it is the game, not a
    relaxation), and each of its wins, its refills' piles found by `spent` and
    `on_grid`, replays to a win on the engine."""
    verdicts = {WON: 0, LOST: 0}
    for seed in range(1_400):
        game = small_position(seed, {"passes": passes})
        if game is None or not (status := plain_status(game, 5_000, False)):
            continue
        core = DevilsGripSearch(game).core
        grids = grids_of(core)
        assert grids.step(200_000) == status, seed
        if status == WON:
            assert won_line_replays(game, core, grids), seed
        verdicts[status] += 1
    assert verdicts[WON] >= 2 and verdicts[LOST] >= 60


@pytest.mark.parametrize("passes", [1, 3])
def test_the_grids_exits_are_always_in_a_set_of_the_family(passes):
    """Along random lines of the core's progress moves on real deals: the grid's slack
    at relevant codes (its exits there) is a subset of a set of the family that the
    same moves make (so a line of the game is a line here, and nothing it finds lost is
    won), never more codes than the exits on offer; the family kept as a nested matroid
    has exactly the largest sets that the explicit family holds; and a family holds
    another (`_holds`) exactly when each set of the second is in one of the first."""
    spent = 0
    seen: list[tuple] = []
    for deal in range(1, 13):
        game = GAMES["devils-grip"].new(deal=deal, passes=passes)
        core = DevilsGripSearch(game).core
        grids, twin = grids_of(core), grids_of(core, explicit=True)
        rng = random.Random(deal)
        for _ in range(72):
            s = exact_slack(core)
            assert s.bit_count() <= 24 - grids.runs
            assert any(not s & ~t for t in twin.family), deal
            assert bases(grids.family) == set(twin.family), deal
            spent += len(twin.family) > 1
            if len(seen) < 60 and grids.family[0].bit_count() <= 10:
                seen.append((grids.family, set(twin.family)))
            moves = core._children()
            if not moves:
                break
            move = moves[-1] if rng.random() < 0.3 else rng.choice(moves)
            core.apply(move)
            grids.apply(move)
            twin.apply(move)
            assert grids.seq == core.seq and grids.p == core.p
    assert spent >= 20
    for a, sets_a in seen:
        for b, sets_b in seen:
            held = all(any(not s & ~t for t in sets_a) for s in sets_b)
            assert dgs._holds(a, b) == held


def independent(family: tuple, width: int) -> set[int]:
    """Every set of codes below `width` within the family's limits (by enumeration)."""
    ground, limits = family
    return {s for s in range(1 << width) if not s & ~ground
            and all((s & cs).bit_count() <= c for cs, c in limits)}


def test_a_family_keeps_no_limit_that_another_implies(monkeypatch):
    """`_normal` with LEAN: on random chains of limits over 9 codes (a nested matroid's,
    as `Grids` makes them) the family holds exactly the sets it held with every limit
    kept, none of its limits is implied by another, and most chains lose some."""
    rng = random.Random(5)
    fewer = 0
    for _ in range(400):
        codes = rng.sample(range(9), 9)
        limits = []
        for _ in range(rng.randint(2, 6)):
            size = rng.randint(1, 9)
            limits.append((sum(1 << b for b in codes[:size]), rng.randint(0, size)))
        ground = (1 << 9) - 1
        monkeypatch.setattr(dgs, "LEAN", False)
        full = dgs._normal(ground, list(limits))
        monkeypatch.setattr(dgs, "LEAN", True)
        lean = dgs._normal(ground, list(limits))
        assert independent(lean, 9) == independent(full, 9), limits
        for a in lean[1]:
            assert not any(dgs._implies(*b, *a) for b in lean[1] if b != a)
        fewer += len(lean[1]) < len(full[1])
    assert fewer >= 100


def decides(deal: int, status: str, most: int) -> None:
    """`Grids` reaches `status` on one-pass `deal` from the root within `most` nodes, and a
    win's line replays on the engine."""
    game = GAMES["devils-grip"].new(deal=deal, passes=1)
    core = DevilsGripSearch(game).core
    grids = grids_of(core)
    assert grids.step(most) == status
    if status == WON:
        assert won_line_replays(game, core, grids)


@pytest.mark.parametrize(("deal", "status", "most"), [
    (1, LOST, 20_000), (3, LOST, 2_000), (77, LOST, 80_000), (4, LOST, 60_000),
    (37, WON, 50_000), (68, WON, 30_000)])
def test_one_pass_deals_are_decided_by_the_exact_search(deal, status, most):
    """The exact search decides one-pass deals from the root: 37 and 68 won (the old
    search without the grid found a first line for 37 that no choice of piles could
    play), 1, 3, 77 and 4 lost in fewer nodes than `Relaxed` needed (35,000, 1,800,
    203,000 and 207,000; 16,000, 72,000 and 54,000 here for 1, 77 and 4)."""
    decides(deal, status, most)


@pytest.mark.parametrize(("deal", "status"), [(77, LOST), (37, WON)])
def test_a_bounded_table_of_lost_families_keeps_every_verdict(deal, status, monkeypatch):
    """The table only saves searching again: with room for 50 sequences it is forgotten
    many times over, never holds more, and the deal is decided the same (in more nodes)."""
    monkeypatch.setattr(dgs, "GRIDS_TABLE", 50)
    game = GAMES["devils-grip"].new(deal=deal, passes=1)
    core = DevilsGripSearch(game).core
    grids = grids_of(core)
    largest = 0
    while (found := grids.step(1_000)) is None:
        largest = max(largest, len(grids.table))
        assert grids.nodes < 2_000_000
    assert found == status and largest <= 50
    if status == WON:
        assert won_line_replays(game, core, grids)


def test_a_full_table_forgets_the_positions_furthest_from_the_root(monkeypatch):
    """`Grids._forget`: a full table keeps its longest sequences (the positions nearest
    the root, whose searches were the largest), at most half of them, each with its lost
    entries as they were; every shorter one goes. Deal 30 forgets many times over and is
    still lost."""
    monkeypatch.setattr(dgs, "GRIDS_TABLE", 150)
    forgets = 0
    forget = dgs.Grids._forget

    def checked(self):
        nonlocal forgets
        before = dict(self.table)
        forget(self)
        kept = self.table
        assert len(kept) <= len(before) // 2
        assert all(kept[seq] is before[seq] for seq in kept)
        gone = [len(seq) for seq in before if seq not in kept]
        assert gone and min(map(len, kept), default=99) > max(gone)
        forgets += 1

    monkeypatch.setattr(dgs.Grids, "_forget", checked)
    grids = grids_of(DevilsGripSearch(GAMES["devils-grip"].new(deal=30, passes=1)).core)
    while (found := grids.step(1_000)) is None:
        assert grids.nodes < 500_000
    assert found == LOST and forgets >= 10


@pytest.mark.parametrize("passes", [1, 3])
def test_a_waste_card_with_both_of_its_step_below_on_the_grid_goes_there_at_once(passes):
    """`Grids._children`: on the last pass, when the waste's top card has both copies of its
    step below on the grid, playing it onto one of them loses nothing: on small
    positions the plain search finds the game after that build won exactly when it
    finds the position won (so every other move there, and dealing on, can be left
    out), and the exact search with the rule agrees with the plain search."""
    checked = forced_build_verdicts(
        passes, 2_500, lambda seq, top: seq[top] & 3 and seq[top] - 1 not in seq)
    assert checked[WON] >= 5 and checked[LOST] >= 40


def forced_build_verdicts(passes: int, seeds: int, forced) -> dict[str, int]:
    """`forced_build_agrees` on each small position of the last pass (of seeds 0 to
    `seeds`) whose waste top a forcing rule plays at once (`forced(seq, top)`, the waste's
    codes and the top's index): how many of them the plain search found won and lost."""
    checked = {WON: 0, LOST: 0}
    for seed in range(seeds):
        game = small_position(seed, {"passes": passes}, active_sequences=(1, 2), most=10)
        if game is None or not game.waste or game.redeals + 1 != passes:
            continue
        _bottoms, _tops, seq = dgs._codes(game)
        top = len(game.waste) - 1
        if forced(seq, top):
            status = forced_build_agrees(game, seq[top], seed)
            if status is not None:
                checked[status] += 1
    return checked


def forced_build_agrees(game, c: int, seed: int) -> str | None:
    """The waste's top (code c) built onto the grid's c-1, as a forcing rule would: the
    plain search's verdict of the position is that of the position after it, and `Grids`
    agrees. The verdict (None when the plain search cannot tell within its budget)."""
    status = plain_status(game, 5_000, False)
    if status is None:
        return None
    target = next(i for i, cell in enumerate(game.cells) if dgs_code(cell[-1]) == c - 1)
    after = replay(game, [str(dgs.Build(-1, target, 1))])
    assert plain_status(after, 5_000) == status, seed
    assert grids_of(DevilsGripSearch(game).core).step(200_000) == status, seed
    return status


def dgs_code(card: str) -> int:
    from game.ai.devils_grip import CODE

    return CODE[card]


def test_the_solver_decides_one_pass_deals_by_the_exact_search_alone():
    """With one pass `DevilsGripSearch` runs `Grids` alone: one-pass deals 4 and 5,
    which it left undecided at 60,000 nodes before, are lost within that, 37 is won and
    its line replays to a win on the engine, and an undecided search (deal 126 with
    8,000 nodes) gives a best line that replays to the cards it says are left."""
    from game.ai.solitaire import solve_game

    for deal, status, nodes in ((4, LOST, 60_000), (5, LOST, 25_000), (37, WON, 50_000)):
        game = GAMES["devils-grip"].new(deal=deal, passes=1)
        solution = solve_game(game, nodes)
        assert solution.status == status, deal
        if status == WON:
            assert replay(game, solution.moves).outcome().won
    game = GAMES["devils-grip"].new(deal=126, passes=1)
    solution = solve_game(game, 8_000)
    assert not solution.decided and solution.moves
    assert replay(game, solution.moves).score == -solution.value


@pytest.mark.parametrize("passes", [1, 3])
def test_a_waste_that_cannot_be_emptied_is_lost(passes):
    """`Relaxed._stuck` (on the last pass: when the i-th waste card leaves, the sequence
    is its cards up to i and a tail of the stock, the grid every other card; some j
    must give a grid of at most 24 piles with a top for it, not one known covered, j
    growing as i falls):
    wherever it cuts and the old wait (`_waits` with `crowded_from`) does not, the plain
    search finds the position lost; and it cuts there often."""
    cut = 0
    for seed in range(1_500):
        game = small_position(seed, {"passes": passes}, most=10)
        if game is None or not game.waste:
            continue
        game.redeals = passes - 1  # the last pass
        core = DevilsGripSearch(game).core
        grids = grids_of(core)
        grids.mask = grids.family[0]
        if grids.first_crowded <= grids._waits(grids.first_crowded) or not grids._stuck():
            continue
        if (status := plain_status(game, 20_000, False)) is not None:
            assert status == LOST, seed
            cut += 1
    assert cut >= 25


@pytest.mark.parametrize(("deal", "status", "most"), [
    (1, LOST, 2_000), (4, LOST, 100), (7, LOST, 1_000), (77, LOST, 200), (37, WON, 1_000),
    (40, WON, 4_000)])
def test_the_stuck_waste_cuts_one_pass_deals_short(deal, status, most):
    """With `_stuck` one-pass deals 1, 4 and 77 are lost in 1,749, 21 and 80 nodes of
    `Grids` (15,635, 53,639 and 71,587 without it), deal 7 in 256 (it took the
    search before `Grids` 6.7 million), and 37 and 40 are won in 861 and 2,920 (40 was won
    only by playing `Relaxed`'s line on the grid, in 2.67 million nodes)."""
    decides(deal, status, most)


def test_a_child_known_not_stuck_from_its_parent_is_not_stuck(monkeypatch):
    """`Grids._inherits`: wherever it says a child's `_stuck()` is False (the parent's
    `_stuck(q)` went on from that child's position, knowing no less), `_stuck()` there
    is False, along the searches of one-pass deals and of small positions on the last
    pass; and the searches are the same with it as without, node for node. Among
    them refills after the parent's run took the waste's top card first (FIRST_TAKE)."""
    inherits = dgs.Grids._inherits
    said = after_the_waste = 0

    def checked(self, move, seq, clear):
        nonlocal said, after_the_waste
        known = inherits(self, move, seq, clear)
        if known is not None:
            mask, self.mask = self.mask, self._ground()
            assert not self._stuck(), (move, seq)
            self.mask = mask
            said += 1
            after_the_waste += move[2] == dgs.EXIT and clear[0][move[0]][0]
        return known

    def search(game, nodes):
        grids = grids_of(DevilsGripSearch(game).core)
        grids.step(nodes)
        return grids.status, grids.nodes, grids.best_left

    games = [GAMES["devils-grip"].new(deal=deal, passes=1) for deal in (1, 16, 30, 37, 43)]
    for seed in range(600):
        game = small_position(seed, {"passes": 1}, most=12)
        if game is not None:
            games.append(game)
    for game in games:
        monkeypatch.setattr(dgs.Grids, "_inherits", checked)
        found = search(game, 30_000)
        monkeypatch.setattr(dgs, "INHERIT", False)
        monkeypatch.setattr(dgs.Grids, "_inherits", inherits)
        assert search(game, 30_000) == found
        monkeypatch.setattr(dgs, "INHERIT", True)
    assert said >= 1_000
    assert after_the_waste >= 30


def searched_games() -> list:
    """One-pass deals and small positions on the last pass, for checks along their
    searches."""
    games = [GAMES["devils-grip"].new(deal=deal, passes=1) for deal in (1, 16, 30, 43)]
    for seed in range(300):
        game = small_position(seed, {"passes": 1}, most=12)
        if game is not None:
            games.append(game)
    return games


def test_a_dealt_pointers_stuck_test_waits_for_a_move_there_or_beyond(monkeypatch):
    """`Grids._children` (LAZY): the moves are those made with `_stuck` run at every
    dealt pointer in turn, and each pointer with a move has the run the children's
    `_inherits` read, the same; along the searches of one-pass deals and of small
    positions on the last pass, where it saves runs."""
    children, stuck = dgs.Grids._children, dgs.Grids._stuck
    compared = saved = runs = 0

    def counted(self, p=-1, wait=-1):
        nonlocal runs
        runs += 1
        return stuck(self, p, wait)

    def both(self):
        nonlocal compared, saved
        inherited = self.inherited
        monkeypatch.setattr(dgs, "LAZY", False)
        before = runs
        eager = children(self)
        eager_runs = runs - before
        eager_clear = dict(self.clear[0]) if self.clear else {}
        self.inherited = inherited
        monkeypatch.setattr(dgs, "LAZY", True)
        before = runs
        lazy = children(self)
        lazy_clear = self.clear[0] if self.clear else {}
        assert lazy == eager
        assert all(eager_clear[q] == run for q, run in lazy_clear.items())
        assert {move[0] for move in lazy} - {self.p} <= set(lazy_clear)
        compared += 1
        saved += eager_runs - (runs - before)
        return lazy

    monkeypatch.setattr(dgs.Grids, "_children", both)
    monkeypatch.setattr(dgs.Grids, "_stuck", counted)
    for game in searched_games():
        grids_of(DevilsGripSearch(game).core).step(20_000)
    assert compared >= 2_000 and saved >= 200


def test_the_stuck_test_takes_the_stock_up_to_a_card_that_can_change_it(monkeypatch):
    """`_stuck` (SKIP): taking the stock's cards at once up to the next that can let
    the waste's card build (its step below, or one whose code leaves the slack it
    takes), and saying stuck when none comes, it says what it says taking them one at
    a time, with the same first stock card; along the searches of one-pass deals and of
    small positions on the last pass."""
    stuck = dgs.Grids._stuck
    said = {True: 0, False: 0}

    def both(self, p=-1, wait=-1):
        monkeypatch.setattr(dgs, "SKIP", False)
        one_at_a_time = stuck(self, p, wait)
        first = self.first_take
        monkeypatch.setattr(dgs, "SKIP", True)
        skipping = stuck(self, p, wait)
        assert skipping == one_at_a_time
        assert skipping or self.first_take == first
        said[skipping] += 1
        return skipping

    monkeypatch.setattr(dgs.Grids, "_stuck", both)
    for game in searched_games():
        grids_of(DevilsGripSearch(game).core).step(20_000)
    assert said[True] >= 1_000 and said[False] >= 1_500


def test_a_top_covered_for_good_is_no_top_for_a_waste_card(monkeypatch):
    """In `_stuck`, a waste card that leaves before the stock is empty does so by a build,
    so it covers a top of its step below for good, and so does a card of a relevant
    code without slack: a later waste card of its code needs a top not covered. Where
    that alone makes the cut (COVER off, no cut), the plain search finds the position
    lost."""
    cut = 0
    for seed in range(4_000, 14_000):
        for passes in (1, 3):
            game = small_position(seed, {"passes": passes}, (1, 2, 3), most=12)
            if game is None or not game.waste:
                continue
            game.redeals = passes - 1
            grids = grids_of(DevilsGripSearch(game).core)
            grids.mask = grids.family[0]
            if not grids._stuck():
                continue
            monkeypatch.setattr(dgs, "COVER", False)
            alone = not grids._stuck()
            monkeypatch.setattr(dgs, "COVER", True)
            if alone and (status := plain_status(game, 30_000, False)) is not None:
                assert status == LOST, (seed, passes)
                cut += 1
    assert cut >= 15



def test_a_relevant_codes_waste_card_lands_on_the_c_minus_1_there_at_the_start():
    """The lemma under SHARED in `_stuck`: along random lines of the game on one-pass
    deals, a waste card of a code c relevant at an earlier position (one c and one c-1
    on the grid there), built while the other c-1 has not come onto the grid since,
    lands on the c-1 that was there, so that code had slack there: every such code of
    the line is in the grid's set of that position (in a set of its family, see above),
    so together they are within the family's limits."""
    checked = 0
    for deal, walk in itertools.product(range(1, 41), range(8)):
        game = GAMES["devils-grip"].new(deal=deal, passes=1)
        core = DevilsGripSearch(game).core
        rng = random.Random(deal * 8 + walk)
        starts: list[list[int]] = []  # per position: its set, the codes still waiting
        while moves := core._children():
            starts.append([exact_slack(core), dgs.relevant(dgs.ALL, core.seq)])
            move = rng.choice(moves)
            q, _r, kind, _c = move
            seq = core.seq
            x = seq[q - 1] if kind == dgs.WASTE else seq[q if q < len(seq) else q - 1]
            core.apply(move)
            for start in starts:
                if kind == dgs.WASTE and start[1] >> x & 1:
                    assert start[0] >> x & 1, (deal, move)
                    checked += 1
                if x & 3 != 3:
                    start[1] &= ~(1 << x + 1)  # x is the other card below x + 1
    assert checked >= 50


def cut_by_shared(grids, monkeypatch) -> bool:
    """Whether `_stuck` cuts the position with SHARED and not without."""
    grids.mask = grids._ground()
    monkeypatch.setattr(dgs, "SHARED", False)
    before = grids._stuck()
    monkeypatch.setattr(dgs, "SHARED", True)
    return not before and grids._stuck()


def test_the_slack_the_waste_takes_is_counted_against_the_limits(monkeypatch):
    """`_stuck` with SHARED (its waste cards of relevant codes that build while their
    c-1 in the sequence is not on the grid each take the slack at their code, all of
    them within one set of the family): on small positions, given a family that holds
    the grid's own set of relevant exits and the other relevant codes, in a limit of as
    many codes as that set has (so the grid is one of the family's), wherever it cuts
    and `_stuck` without it does not, the plain search finds the position lost."""
    cut = 0
    for seed in range(20_000, 60_000):
        game = small_position(seed, {"passes": 1}, (3, 4), most=14)
        if game is None or not game.waste:
            continue
        grids = grids_of(DevilsGripSearch(game).core)
        exits = grids.family[0]
        others = dgs.relevant(dgs.ALL, grids.seq) & ~exits
        if not exits or not others:
            continue
        ground = exits | others
        grids.family = (ground, ((ground, exits.bit_count()),))
        if cut_by_shared(grids, monkeypatch) and (
                status := plain_status(game, 100_000, False)) is not None:
            assert status == LOST, seed
            cut += 1
    assert cut >= 3



def lost_where_cut(monkeypatch, deals, found: list[tuple], recording, rule: str) -> int:
    """Search each one-pass deal with `recording` as `Grids._stuck` (it appends to `found`
    the (sequence, pointer, family) of the positions a rule cut), then search each such
    position exactly with the rule (a module flag of devils_grip_solver) off: none may be
    won. Returns how many were proved lost (the rest ran out of nodes)."""
    stuck = dgs.Grids._stuck
    lost = 0
    for deal in deals:
        found.clear()
        monkeypatch.setattr(dgs.Grids, "_stuck", recording)
        grids_of(DevilsGripSearch(GAMES["devils-grip"].new(deal=deal, passes=1)).core
                 ).step(20_000)
        monkeypatch.setattr(dgs.Grids, "_stuck", stuck)
        monkeypatch.setattr(dgs, rule, False)
        for seq, p, family in found:
            search = dgs.Grids(seq, p, 0, 3, 1, dgs.ALL)  # (one pass: draw 3)
            search.family = family
            search.stack = [[search._children(), 0, search.clear]]
            status = search.step(100_000)
            assert status != WON, (deal, seq, p, family)
            lost += status == LOST
        monkeypatch.setattr(dgs, rule, True)
    return lost


def test_the_slack_the_waste_takes_cuts_only_lost_positions_of_real_deals(monkeypatch):
    """In the searches of one-pass deals (families with limits, as the search makes
    them), wherever `_stuck` with SHARED cuts and without it does not, the exact search
    without SHARED from there (dealt to that pointer, the same family) finds the
    position lost."""
    stuck = dgs.Grids._stuck
    found: list[tuple] = []

    def recording(self, p=-1, wait=-1):
        cut = stuck(self, p, wait)
        if cut and self.family[1] and len(found) < 12:
            monkeypatch.setattr(dgs, "SHARED", False)
            if not stuck(self, p, wait):
                found.append((self.seq, self.p if p < 0 else p, self.family))
            monkeypatch.setattr(dgs, "SHARED", True)
        return cut

    assert lost_where_cut(monkeypatch, range(1, 91), found, recording, "SHARED") >= 80


@pytest.mark.parametrize("passes", [1, 3])
def test_a_waste_card_whose_twin_lies_under_it_goes_onto_the_one_below_there(passes):
    """`Grids._children` (FORCE_ALONE): on the last pass, when the waste's top card c
    lies at or above the first crowded index (it leaves before the stock is empty, so by
    a build), one card of its step below is on the grid and the other c lies under it in
    the waste, playing c onto that card loses nothing: on small positions the plain
    search finds the game after that build won exactly when it finds the position won,
    and the exact search with the rule agrees with the plain search."""
    checked = forced_build_verdicts(passes, 12_000, lambda seq, top: (
        seq[top] & 3 and seq.count(seq[top] - 1) == 1 and seq.find(seq[top]) < top
        and dgs.crowded_from(seq) <= top))
    assert checked[WON] >= 5 and checked[LOST] >= 40


def progress_lines(game, depth: int, keep) -> list:
    """The positions that lines of up to `depth` progress moves make from `game` (a
    deal, the waste's top onto a top, a whole pile onto a top and its cell refilled),
    each move kept only where `keep(position, move)` allows it (None: every move)."""
    found, layer = [], [game]
    for _ in range(depth):
        following = []
        for position in layer:
            for move in position.legal_moves():
                if isinstance(move, dgs.Build) and move.src >= 0 and \
                        move.count != len(position.cells[move.src]):
                    continue  # (part of a pile: not a progress move)
                if not isinstance(move, (dgs.Build, type(dgs.DEAL))):
                    continue
                if keep is None or keep(position, move):
                    following.append(replay(position, [str(move)]))
        found += following
        layer = following
    return found


def waste_top_lines(game, depth: int) -> tuple[set, set]:
    """`WASTE_FIRST` on the engine: the positions (PlainRules keys) that lines of up to
    `depth` progress moves taking cards from above the waste's top w only, none of
    code w-1, make when they end with w on top again and then play w (onto a top
    that was there before them), and those that w and then any such line make."""
    from .test_ai_devils_grip_solver import PlainRules

    w = game.waste[-1]
    code = dgs_code(w)
    below = len(game.waste) - 1

    def above_w(position, move) -> bool:
        if isinstance(move, dgs.Build) and move.src < 0:
            card = position.waste[-1]
        elif isinstance(move, dgs.Build):
            card = position.stock[-1] if position.stock else position.waste[-1]
        else:
            return bool(position.stock)
        return card != w and dgs_code(card) != code - 1

    later = set()
    for position in progress_lines(game, depth, above_w):
        if len(position.waste) == below + 1 and position.waste[-1] == w:
            for move in position.legal_moves():
                if isinstance(move, dgs.Build) and move.src < 0:
                    later.add(PlainRules.key(replay(position, [str(move)])))
    first = set()
    for move in game.legal_moves():
        if isinstance(move, dgs.Build) and move.src < 0:
            played = replay(game, [str(move)])
            first.add(PlainRules.key(played))
            first |= {PlainRules.key(position)
                      for position in progress_lines(played, depth, None)}
    return later, first


@pytest.mark.parametrize("passes", [1, 3])
def test_a_waste_card_played_again_on_top_was_played_before(passes, monkeypatch):
    """`Grids._children` (WASTE_FIRST): on the last pass, lines that take only cards
    from above the waste's top card w (none of code w-1: refills, cards dealt on it and
    played back) and then play w make only positions that w and then such a line
    make (small positions: every such line of up to 4 progress moves on the engine),
    so w is left out where a line came back to it so; and on small positions where the
    rule leaves a move out, `Grids` with it agrees with the plain search."""
    lines = 0
    for seed in range(2_000):
        game = small_position(seed, {"passes": passes}, active_sequences=(1, 2), most=10)
        if game is None or not game.waste or not game.stock or game.redeals + 1 != passes:
            continue
        if not dgs_code(game.waste[-1]) & 3:
            continue
        later, first = waste_top_lines(game, 4)
        assert later <= first, seed
        lines += len(later)
    assert lines >= 40
    checked = {WON: 0, LOST: 0}
    left_out = 0
    played_before = dgs.Grids._played_before
    cut: list[int] = []  # the pointers where the rule left the waste's top out

    def counted(self, c):
        found = played_before(self, c)
        if found:
            cut.append(self.p)
        return found

    for seed in range(4_000):
        game = small_position(seed, {"passes": passes}, active_sequences=(1, 2), most=10)
        if game is None or game.redeals + 1 != passes:
            continue
        cut.clear()
        monkeypatch.setattr(dgs.Grids, "_played_before", counted)
        found = grids_of(DevilsGripSearch(game).core).step(200_000)
        monkeypatch.setattr(dgs.Grids, "_played_before", played_before)
        if not cut:
            continue
        monkeypatch.setattr(dgs, "WASTE_FIRST", False)
        assert grids_of(DevilsGripSearch(game).core).step(200_000) == found, seed
        monkeypatch.setattr(dgs, "WASTE_FIRST", True)
        left_out += len(cut)
        if status := plain_status(game, 30_000, False):
            assert found == status, seed
            checked[status] += 1
    assert checked[WON] >= (4 if passes == 1 else 1) and checked[LOST] >= 4
    assert left_out >= (20 if passes == 1 else 8)


@pytest.mark.parametrize("passes", [1, 3])
def test_a_waste_top_waiting_for_a_card_that_cannot_come_is_lost(passes, monkeypatch):
    """`Grids._waits_for_below` (NO_BELOW): on small positions of the last pass whose
    waste top w, at or above the first crowded index, has no top w-1 on any grid and
    no w-1 above it in the sequence, the plain search finds the game lost; and where
    the rule cuts along the searches of small positions (also where WASTE_FIRST left w
    out), `Grids` agrees with the plain search and with the search without the rule;
    one-pass deals 68, 193 and 596, where it cuts too, are won."""
    lost_at_once = 0
    checked = {WON: 0, LOST: 0}
    cuts = 0
    waits = dgs.Grids._waits_for_below
    found_cuts: list[int] = []

    def counted(self, f):
        found = waits(self, f)
        if found != -1:
            found_cuts.append(self.p)
        return found

    for seed in range(4_000):
        game = small_position(seed, {"passes": passes}, active_sequences=(1, 2), most=10)
        if game is None or game.redeals + 1 != passes:
            continue
        grids = grids_of(DevilsGripSearch(game).core)
        if grids._waits_for_below(grids.first_crowded) == dgs.LOST_TOP:
            assert plain_status(game, 30_000, False) in (LOST, None), seed
            lost_at_once += 1
        found_cuts.clear()
        monkeypatch.setattr(dgs.Grids, "_waits_for_below", counted)
        found = grids_of(DevilsGripSearch(game).core).step(200_000)
        monkeypatch.setattr(dgs.Grids, "_waits_for_below", waits)
        if not found_cuts:
            continue
        cuts += len(found_cuts)
        monkeypatch.setattr(dgs, "NO_BELOW", False)
        assert grids_of(DevilsGripSearch(game).core).step(200_000) == found, seed
        monkeypatch.setattr(dgs, "NO_BELOW", True)
        if status := plain_status(game, 30_000, False):
            assert found == status, seed
            checked[status] += 1
    assert lost_at_once >= 10 and checked[LOST] >= 10 and cuts >= 20
    if passes == 1:
        # won deals where the rule cuts on the way: still won, their lines replay
        for deal in (68, 193, 596):
            found_cuts.clear()
            monkeypatch.setattr(dgs.Grids, "_waits_for_below", counted)
            decides(deal, WON, 30_000)
            monkeypatch.setattr(dgs.Grids, "_waits_for_below", waits)
            assert found_cuts, deal


def test_a_waste_top_that_waits_for_its_step_below_cuts_only_lost_positions(monkeypatch):
    """`_stuck` with the wait of `Grids._waits_for_below` (the waste's top card, not
    played there, taken only after the stock's next card of its step below): in the
    searches of one-pass deals, wherever it cuts and `_stuck` without the wait does
    not, the exact search without NO_BELOW from there (the same family) finds the
    position lost."""
    stuck = dgs.Grids._stuck
    found: list[tuple] = []

    def recording(self, p=-1, wait=-1):
        cut = stuck(self, p, wait)
        if cut and wait >= 0 and len(found) < 12 and not stuck(self, p):
            found.append((self.seq, self.p, self.family))
        return cut

    assert lost_where_cut(monkeypatch, range(1, 61), found, recording, "NO_BELOW") >= 300
