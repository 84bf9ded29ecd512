"""Devil's Grip's full-information solver: a search over progress moves.

`game.ai.devils_grip` explains why a grid position is worth only its multisets of
bottoms and tops, as codes (sequence x 4 + step): that is the grid here, two lists of
48 counts. Stock and waste are one sequence of codes, `seq`: the waste bottom to top,
then the stock top to bottom; `p` cards of it are on the waste. Dealing moves `p`
on (by three, or one), a redeal sets it to 0; no card leaves the sequence by doing so,
and the grid does not change. So a node of this search is a *progress move*: some
deals and redeals (none, or up to a full cycle of the stock) and then a move that
brings a card of the sequence onto the grid:
- the waste's top card onto a top one step below it, or
- a pile with a bottom b (not a base) onto a top b-1, its cell refilled with the
  stock's top card (the waste's top once the stock is empty).
Each node takes one card out of the sequence, so a line is at most 72 nodes deep and
the graph has no cycles: a position searched once and not won is lost, and the table
of lost positions (`failed`) is exact.

Which pointers a position can deal to: from `p`, dealing reaches p, p+d, p+2d, ... and
the end n; a redeal then reaches 0, d, 2d, ... and n again (unlimited passes). So with
unlimited passes every position whose `p` is a multiple of d, or n, reaches the same
pointers (it is *canonical*); any other `p` reaches those and p, p+d, ... below n: a
position with the same grid and sequence and a smaller `p` of the same remainder
reaches more. The table uses both (`_known_lost`). With limited passes the position
keeps `p` and the redeals made, and a position lost makes lost every position that
dealing and redealing alone lead to from it (`reaches`).

What is pruned, each rule exact (tests/test_ai_devils_grip_solver.py checks every one
against a plain search of every legal move on small positions):
- `dead`: when no pile can ever leave its cell (no exit now, and none after any waste
  builds, even with every card of the sequence playable whenever it fits), a card
  that no waste build can place ends the line.
- `crowded`, on the last pass (limited passes): the waste's cards leave from the top
  only, and a card that only a refill can take (a base, or one whose step below is not
  a top and has no card above it) waits for an empty stock, as does the waste under it.
  From then on the order is fixed: when the i-th card from the bottom is on top, the
  grid holds every card but those i+1. A grid is 24 piles, each a run of steps of one
  sequence, so it cannot hold cards that need more than 24 runs; with exactly 24 no
  pile can leave its cell, so a card no top takes cannot leave (`crowded_from`; it
  follows that a won game's last card is a J, Q or K). Children whose waste would bury
  a base card at or above the first such index, or empty the stock over it, are not
  made at all.
Nothing else is cut in the core; the order of the moves (`_children`) is what finds
wins fast:
1. the waste's top card onto a top, at the nearest pointer first, unless it would
   cover the only top b-1 that a pile with bottom b (its own code) needs to leave;
2. a pile leaving its cell where the refill is a base card (2, 3 or 4: only a refill
   brings one in);
3. the waste cards held back in 1;
4. a pile leaving its cell for a card that is not a base (it spends a way out).
Then the search restarts (a Luby sequence of budgets of LUBY_UNIT nodes, each run after
the first in an order shaken at random, seeded, the table of lost positions kept) so
that an early bad choice does not hold it for the rest of its budget: without restarts
6 of the 101 hardest deals of 1-10,000 (those the move-by-move search and the hint
left undecided) stay undecided after 300,000 nodes; with them all 101 are won, the
slowest in 24,000 nodes. The budgets grow without end, so a run eventually searches
the whole tree and a lost deal is proved lost.

With limited passes a second search runs beside the core, on positions without
their grid (`Relaxed`): the grid holds every card not in the sequence, so each
sequence's count c_k of grid cards of step k is known, only how they lie in piles is
not, and whether a pile can leave its cell does not depend on that. If a_k of the c_k
lie on a card of step k-1, the sequence lies in sum(c) - sum(a) piles, and a pile with
bottom b of step k can leave onto a top b-1 iff a_k < min(c_(k-1), c_k). The grid has
24 piles and a_k <= min(c_(k-1), c_k), so the exits on offer number exactly 24 minus
the fewest piles its cards need (`_runs`): a refill is possible iff those are fewer than
24, whatever the piles. A waste card of step k needs a top of step k-1
(a_k < c_(k-1)), which some grid of those cards has iff c_(k-1) > c_k, or c_(k-1) > 0
and there is *slack* at its code: min(c_(k-1), c_k) - a_k, the exits with a bottom of
that code (their sum is the 24 less the fewest piles). Where the slack lies the cards
do not tell, but the search keeps a mask of the codes where it may (`Relaxed.mask`):
at its start the grid's exits (`exits_mask`, exact), then a superset after each move,
since the slack moves little. A refill, or a waste card onto a top that the counts
alone do not leave free, uses one unit: when it was the only one, none of the old is
left; none at all when the cards need 24 piles; and a card coming onto the grid adds
slack only at its own code (a refill, fewer of its step than of the step below) and at
the code above (fewer of its step than of the step above). The mask keeps only the
bits it can still read (`relevant`): a code b with one copy in the sequence, one on the
grid and one b-1 on the grid (with both b-1 there a waste b always has a top, with none
or no b there is no slack at b, and counts only grow), so positions that differ in
bits never read again share the table (one-pass deals 1, 16, 77, 43, 4 and 30 lost in
35,000, 66,000, 181,000, 272,000, 207,000 and 625,000 nodes instead of 36,000, 70,000,
203,000, 292,000, 235,000 and 716,000, at the same CPU a node). `Relaxed` allows every
move some grid allows with its slack within the mask, so each line of the game is one
of its lines: a position it finds lost is lost in the game whatever its piles (the
core skips those; a root lost there is the answer). Its positions are a sequence, a
pointer, the redeals and the mask (lost with a mask, lost with any within it); which
pile pays for a refill, most of the core's branching, is gone. On the last pass it
cuts as the core does: a waste card waits when none of its step below can come from
above it and the grid holds no more of its step below than of its own, with no slack
at its code (every card of the step below on the grid is then covered, for good: piles
never split; before the mask a card waited only when no copy of its step below was on
the grid at all). With both, one-pass deals 30, 77, 552, 823, 884 and 948 are lost in
716,000, 203,000, 451,000, 74,000, 22,000 and 32,000 nodes (1.08 million, 310,000,
1.02 million, 101,000, 1.05 million and 304,000 before; the mask alone saved 11-64%
of them, the wait the rest). The tests check the lemma on
positions of real deals, that every move of the core is one of its moves, that along
lines of the core the mask holds every exit and a card it says waits has no top, that
it never finds a small position lost that the plain search wins, nor any position of
a won three-pass game. What it cannot see is which sequence a top of the step below is in: a line it
wins can still fail in the game (one-pass deal 37: its first line of 72 cards breaks at
the 24th for every choice of piles; the game is won, by another line).

Its root search alone decides little once it has found a line: the core then met
positions its table had never seen. So a search that starts on the last pass asks it
about every new position of the core (`Relaxed.ask`): a question is a search without
the grid from that position, sharing the root's tables, of at most ASK_NODES nodes
(doubled each time the core's restarts bring it back to a position left undecided);
LOST cuts the core there, WON or out of budget lets it on. Each position on a line a
question wins is kept as won there, so later questions that reach one stop at once.
A question is resumable: the core waits for its answer across slices, and its nodes
count in the search's budget. Before the last pass questions are not asked: there the
search without the grid cuts next to nothing (over three-pass deals 1-8 with 300,000
nodes they decided none, and cost the core's best lines 8-26 cards).

A winning line of the search without the grid is not a win, but it may be one: its
refills name no pile, and played on the grid with each pile that can leave its cell
(`Follow`, a search over those choices, each grid once a move) it wins when some choice
plays every move. The root's line is played so (up to FOLLOW_NODES), and so is the line
of each question that wins with a whole line (from the core's position, up to
FOLLOW_ASK_NODES): a win found so is a win (its moves are checked on the engine like
any). One-pass deals 40 and 264, which the solver had left undecided at 96 million
nodes (their best lines 55 and more cards short; taken for lost), are won so: the root's
first line wins on the grid, in 2.67 and 2.07 million nodes (15 and 12 s of CPU), and so
is deal 524, in 5.19 million (28 s). Of the other ten of the 13 deals left undecided at
96 million nodes, deal 476's first line cannot be played on the grid (219,000 nodes of
`Follow`), and the root search without the grid of 274, 359 and 541 finds no line and
no loss within 10 million nodes; with one pass deals 1-1,000 are then 973 proved lost,
17 won, 10 undecided (70, 108, 126, 274, 359, 476, 541, 681, 735, 853).

With one pass none of that runs: the search is `Grids`, which is the game itself
without the grid (28 November). A grid is worth, per sequence and step k, the a_k
cards of step k lying on one of step k-1 (they give its bottoms and tops); the slack
at a code that is not relevant (`relevant`) is never read again but in the total, and
at a relevant code it is 0 or 1. So a position is worth its sequence, pointer and the
set S of relevant codes with slack, exactly (the mask of `Relaxed`, but kept exact: a
refill spends a unit at a code that is not relevant while there is one, else one of
S's), and more slack is never worse. A line carries the family of the S it can have
reached (a nested matroid: `_rank`, `_normal`), so its moves are `Relaxed`'s and its
positions no more; its table keeps lost families (`_holds`); a line that empties the
sequence is a win (`spent` and `on_grid` name its piles; the engine checks it). On
the last pass a waste card with both of its step below on the grid goes onto one of
them at once, nothing else tried at that pointer or beyond (see `Grids._children`:
an exchange argument, checked against the plain search). One-pass deals 1, 16, 77, 4
and 478 are lost in 16,000, 22,000, 72,000, 54,000 and 426,000 nodes (0.2-6.4 s),
where the core with its questions needed 35,000 ... 3 million; 37, 68, 450, 596 and
752 are won in 41,000, 23,000, 38,000, 4,900 and 2,100. Deals 1-200 with 100,000 nodes
each: 161 decided (158 lost, 3 won: 37, 68, 193), 142 before (140, 2), none the other
way; those 142 in 875,000 nodes in all (1.74 million before) but about the same CPU
(9.9 s against 9.4: a node of `Grids` costs about twice one of `Relaxed`, 88,000 a
second); 159 of the 200 within 1 s of CPU (142 before). `bench/solver.py --mode
passes1` (deals 1,000,001-1,000,100, 1 s each): 80% decided (79% before; median 36 ms
a deal against 41). Of the ten one-pass deals of 1-1,000 that the old search left
undecided at 96 million nodes, 681 and 476 are lost in 9.18 and 7.20 million nodes
(154 and 108 s of CPU); none of the others is decided with 2 million nodes each (27-36
s), nor 735, 126, 853, 108 and 274 with 16 million (263-294 s each, 10, 14, 22, 22
and 20 cards short; the table then holds about 9 GB). So its table is bounded
(GRIDS_TABLE sequences, then forgotten: exact, as it only saves searching again;
since 29 November only its shorter half, `Grids._forget`): at
the page's 2 million nodes 136 MB of CPython's memory instead of 690 (163 before
`Grids`); 478 is then lost in 430,000 nodes, 476 in 14.9 million (7.2 unbounded), 681
in 24.1 million (9.2).

A waste that cannot be emptied (`Relaxed._stuck`, 29 November): its cards leave from
the top only, and before the stock is empty only by a build. When its i-th card
leaves, every card dealt above it has left, and so has every card taken from the
stock (a refill takes its top): the sequence is then exactly seq[:i+1] + seq[j:] for
some j >= p, the grid every other card, so their fewest piles are at most 24 and some
grid of them has a top for the card (none when every top of its step below is known
covered for good: under a card of its code that came before it from the waste, or, at
a relevant code without slack, under the one on the grid now), else j = n and
`crowded_from` decides (the old wait, `_waits`, is the case where no j < n serves). j
only grows as i falls, so the least j for each card, from the top down, is the test:
exact, and one pass over the sequence. A position whose waste is stuck so when dealt
to a pointer q is lost, and so is everything dealing on from there reaches: `Grids`
makes no child at q or beyond (PREFIX; deals 108, 398 and 286 then in 13,101, 88,574
and 207,630 nodes instead of 27,558, 122,919 and 227,500, 6-40% less CPU). Each cut is
checked against the plain search on small positions, and against the search before it
on positions of real deals (505 where it cuts, along random lines of deals 61-199: 495
lost there within 300,000 nodes, none won). Deals 1-200 with 100,000
nodes: 199 decided (161 before; 195 lost, 4 won: 37, 40, 68 and 193), all 199 within
1 s of CPU, none the other way; the 161 in 111,000 nodes in all (1.94 million before)
and 1.7 s of CPU (17.1); one-pass deals 1, 4, 16, 77 and 7 lost in 1,560, 18, 534, 62
and 145 nodes (15,635, 53,639, 22,255, 71,587, and 6.7 million for the core with its
questions), 43 and 30 in 868 and 4,615 (undecided at 100,000 before). A node costs
more (about 50,000 a second on the hard deals, against 88,000), and the table fills
sooner (more of the nodes are lost leaves): GRIDS_TABLE is now 70,000 sequences (at
the page's 2 million nodes the process's peak for deals 551 and 126 is 97 and 122 MB;
132 and 169 MB with 100,000, 246 MB for 551 with 200,000; 209 and 196 MB before
`_stuck`), which costs deal 551 1.32 million nodes (0.99 with 200,000), 286 0.5% more.
Deals 1-1,000 (`bench/winrates.py`, 2 million nodes, with 100,000, 29 November): 997
decided, 979 within 1 s of CPU (97.9%; 64.6% before), median
2 ms a deal (213), the 17 wins as before and no verdict the other way; of the eight
left undecided before, 853, 108, 274, 70 and 359 lost within 14,000 nodes, and 126,
541 and 735 (undecided at 2 million) in 12.8, 7.8 and 8.4 million (302, 146 and 156 s
of CPU; `--retry --nodes 30000000`): 983 lost, 17 won, none undecided.
`bench/solver.py --mode passes1` (deals 1,000,001-1,000,100, 1 s each): 100% decided
(80% before, the same machine), median 2 ms (34).

The same search in less CPU (29 November, issue 17; deals 1-10,000 were then 98.55%
decided within 1 s, 145 over it, 6915 undecided at 12 million nodes). A full table
forgets only its shorter half (`Grids._forget`: the positions nearest the root stay,
whose searches were the largest): deal 2009 lost in 391,227 nodes instead of 674,059,
551 in 963,352 instead of 1.32 million, 126 in 6.53 million instead of 12.8 (95 s of
CPU, 302 before), 6915 (undecided at 12 million) in 4.42 million (58 s, a peak of
63 MB). A child whose parent's `_stuck(q)` went on from
its position, knowing no less of the tops covered for good, skips its own `_stuck()`
(`Grids._inherits`: a third fewer calls on deal 562, node for node the same search).
A family drops the limits another of its limits implies (`_normal`, LEAN: most families
of deal 562 held 5 to 9 limits, of which one or two said anything; the same sets), and
a move that changes none keeps them. Together: a median 0.77 of the CPU on the slow
deals decided either way (same nodes: about 65,000 a second against 50,000), 551 in
13.9 s of CPU and a peak of 68 MB (23.4 s and 102 MB before).

Fewer nodes (29 November, issue 17 again: deals 1-10,000 were then 98.88% decided
within 1 s, 112 over it), by two more exact cuts of `Grids`:
- the slack the waste takes (`_stuck`, SHARED): a waste card of a relevant code c that
  builds while its other c-1 is not on the grid lands on the c-1 that was there,
  uncovered since (only a c covers it, for good), so c was in the grid's set of slack;
  when the i-th card leaves at j, its code and those of such cards above it (their c-1
  below them in the waste, or in the stock at j or beyond) are all in that one set, so
  within one set of the family. `_stuck` read only the family's ground before (each
  code alone), and most families have limits (deal 742: 95,000 of the 125,000
  positions searched): deals 742, 2772 and 1398 lost in 96,149, 20,832 and 182,982
  nodes instead of 177,257, 72,374 and 287,889. A child whose family says more than
  its parent's run read (a truncating refill, or x taking the slack at its relevant
  code while its x-1 was in the stock) inherits nothing (`_inherits`).
- a waste card whose twin lies under it (`Grids._children`, FORCE_ALONE): on the last
  pass, a waste top c at or above the first crowded index (it leaves by a build) with
  one c-1 on the grid and the other c under it in the waste goes onto that c-1 at
  once, nothing else at that pointer or beyond: until c leaves only c can cover that
  c-1 (deal 4030 then in 54,490 nodes instead of 160,542; 163,368 before both).
And `_normal` keeps the families of several limits it has normalized (NORMALS: deal
742 normalized 100,779 of them, 26,735 different). Measured beside the code before,
in interleaved chunks of 8 deals (one process at the lowest priority, load 6-9 on two
cores; 400,000 nodes for the 112 deals over 1 s, 2 million for the others): of those
112, 46 now within 1 s (66 over; the code before measured 1.10 times the times of
bench/results then, node for node), a median 0.55 of the CPU on the 91 decided both
ways, median nodes 80,662 (175,527); 126 lost in 116,623 nodes (6.53 million before).
The 178 won deals all won, median 29 ms (32), 6 over 1 s (8); 300 other deals at
random, every verdict the same, median 4.1 ms (4.5), none over 1 s. The hardest
(2479, 551, 8738, 6915, 4955: undecided at 400,000 nodes either way) cost about a
quarter more CPU a node (`_stuck` reads the limits): 7.1-7.5 s at 400,000 (5.6-7.0);
with 2 million nodes each is lost as before, 2479, 1483, 551, 8738, 6915 and 4955 in
435,955, 628,088, 512,971, 686,021, 1.68 million and 688,194 nodes (754,719, 830,022,
963,352, 3.37 million, 4.42 million and 4.68 million before; 7-32 s of CPU): every
one of the 112 is decided within the page's 2 million nodes now.

Less CPU a node (29 November, issue 17 a third time: deals 1-10,000 were then 99.30%
decided within 1 s, 70 over it), node for node the same search:
- a dealt pointer's `_stuck` waits for a move at it or beyond (LAZY): where none comes
  its cut removes nothing (deal 742: 13,733 runs at dealt pointers instead of 17,737);
- `_stuck` finds each card's least j in an inner loop, taking the stock's cards at once
  up to the next that can let the card build (SKIP: its step below, or the one whose
  arrival takes a code out of the slack it waits for), and says stuck at once when none
  comes, or at a base card;
- a refill after the parent's run took the waste's top card first inherits that run
  (FIRST_TAKE: `_inherits`; deal 742: 24,689 runs at a child's own pointer instead of
  28,082);
- `Grids.apply` takes the card onto the grid written out and keeps the fewest piles for
  `_undo`; a pointer's first move is read from its run; `step` keeps its counters in
  locals.
Measured beside the code before in interleaved chunks of 8 deals (one process at the
lowest priority, load 2-20 on two cores): the 70 deals over 1 s and the 16 at 0.7-1.0 s
in a median 0.87 of the CPU (0.73-0.98; 56 of them again at load 2: 0.90), the same
nodes and verdicts; 300 other deals at random, the same verdicts and nodes, median 3.0
ms (3.2). Tried and left out: a child's `_stuck` stopping where it meets its parent's
run (5% of the cards it reads, and more CPU than it saved); the parent's slack read only
where its run read it, or a truncation let through when the run's SHARED tests never
read as many codes (the first not node for node: deal 3318 in 50,790 nodes; the second
exact, 1,300 fewer runs on deal 742: about 1%); a lost position kept lost with every
family its search's reads of the slack allow (deal 742 in 84,916 nodes, others 0-1.5%
fewer, CPU the same); other orders of the moves (all the waste's first, the refill at a
pointer first or last, pointers downward: 5-100% more nodes on the lost deals).

Fewer nodes again (29 November, issue 17 a fourth time), by one more exact cut of
`Grids` (WASTE_FIRST, `Grids._played_before`): a line that takes only cards from above
the waste's top card w (refills, cards dealt onto it and played back), none of code
w-1, and then plays w makes the grids that w first and then the same moves make (w
lands on a top that was there before them and stayed uncovered), and the position
where w was on top (or could be dealt to) offers w before any move at its pointer or
beyond, so that line was searched first. On deal 742 a third of the nodes were such
lines met again (most of the table's hits: a refill then w, w then the refill);
deals 742 and 541 are lost in 57,764 and 37,948 nodes instead of 89,511 and 54,637.
With it a waste top w at or above the first crowded index (it leaves by a build)
that no grid has a top for now, or that WASTE_FIRST leaves out, can only be played
once a w-1 has come (a top w-1 later was there now, uncovered, or came); when no
w-1 lies above it in the sequence, none can come, and the position is lost
(NO_BELOW, `Grids._waits_for_below`): deal 742 in 43,498 nodes. Else `_stuck` takes
the stock's cards up to the next w-1 before it tries w (the wait; the own `_stuck`
runs then even where `_inherits` knows it not stuck without the wait): deals 742 and
541 in 18,011 and 16,666 nodes, 126 in 16,733 (116,623 before). Measured beside the
code before in interleaved chunks of 6 deals (one process at the lowest priority,
load 2-25 on two cores): the 58 deals that bench/results had at 1.0-3.5 s of CPU in a
median 0.24 of the CPU (0.07-0.91), nodes 0.05-0.89 of theirs, the same verdicts; 52
of them within 1 s at bench/results' times so scaled. The 38 at 0.7-1.0 s, the 161
other won deals and 300 other deals at random: the same verdicts, never more nodes
(the 300: median 2.4 ms against 3.2); the 13 over 3.5 s lost in 0.03-0.40 of their
nodes (6915 in 474,814, 1.68 million before). Tried and left out: the wait also for
that card in the runs at the pointers dealing reaches (deals 742, 541 and 126 in the
same nodes); a refill's child knowing `_stuck()` False from
the parent's run at the next pointer (17% of those runs, for 3% of the CPU); a
refill's child inheriting where the card adds a pile but that run's first cards left
room for it (0.7% of the runs).

Before the last pass the search from the root finds few wins: it spends its budget on
the first pass, where every choice is open (three-pass deal 873, which the hint player
wins, not within 2 million nodes). So such a search first runs a beam (`Beam`, 6/8 of
the budget, BEAM_SHARE), then makes probes (`DevilsGripSearch._probe`, 1/8,
PROBE_SHARE): the hint's rules by sight play to the end of each pass but the last, and
from each of those positions, the latest first, a search of the passes left runs (most
of the probes' budget for the current pass's). A probe's win is a win (with half the
budget and no beam: deal 873 in 10,657 nodes; deal 10 by its second probe, in
159,643); otherwise it only offers its best line, kept when it goes further than the
root search's. The search from the root has the rest.

The beam searches the same progress moves (`Core._children`, with its cuts), at the
pointers up to HORIZON cards dealt only (see below), layer by layer.
Every position of a layer has the same number of cards left in the sequence, so
of the children of a layer it keeps the `width` best by what they keep for later
(`Beam.score`): the deals left to them (each card still to come in this pass and each
card of the passes left counts one) less 2 or 3 deals per base card still in the
sequence (only a refill brings one in), in some runs less per pile its grid's cards
need at fewest too (see below, 29 November), each position once (a position the search
without the grid has found lost would be dropped, but that search runs after the beam,
so its table is still empty then). A child is scored from its parent and its move alone, and only
the children kept are made. Its runs have widths 8, 32, 32, 128, 128 (a base costing 3
deals, 3, 2, 3, 2), then 192, 192, 288, 288 ... (2 and 3 by turns; since 29 November
the first series' runs are those of `Beam.FIRST`, see below); a run whose every line
ends starts the next; a line that empties the sequence is a winning line.
It is not exhaustive: it never says lost (once a run leaves no child out, or the width
would pass MAX_WIDTH, it stops, and the search from the root has the rest of its
budget). It counts a node per position expanded, per child made and per CHARGE (4)
moves scored: 280,000-420,000 a second, the core with its questions about 155,000.
Tuned on three-pass deals 1-120 (1-60 with 400,000 nodes: 35 won with half the budget
to the beam and a quarter to the probes, 46 with 6/8 and 1/8, 47 with 7/8 and none;
widths 8, 32 and 128 with a base at 3 deals alone: 46 of 1-60 with 300,000 nodes of
beam; a base at 4.5 deals in the second runs: 44 of 1-60 and 41 of 61-120; at 2 deals:
49 and 41; at 1.5: 48 of 1-60). Of the 13 deals of 1-200 known winnable before, one
width-doubling beam won 13 with a base at 3 deals, 9 with none, 12 with 6 deals, 8
with 12; scoring the exits on offer first (piles that can leave their cells) won none
of them. Most children of a layer differ only in their grid (which pile paid for a
refill): on three-pass deal 374 a layer of 288 held 5 to 8 sequences, so even a run of
width 3,280 tried few lines. So a layer takes at most `cap` children with the same
sequence, pointer and redeals, best first, and fills the places left with the rest
once every candidate was seen (`Beam.SERIES`): since the horizon (below), each width
capped at one and uncapped by turns up to SMALL (972), then capped at one up to WIDEST,
then the widths up to MAX_WIDTH again uncapped and capped at two by turns (before it:
capped at one and uncapped by turns up to MAX_WIDTH, then capped at two, then capped
at one the runs wider than MAX_WIDTH). Three-pass
deals 1-200 with 400,000 nodes: 164 won (146 before; 162 capped at one alone, which
lost 19 of the old wins there, three of them not won within 2 million; 153 with caps
one and two by turns); one and none by turns lost 10 of the old wins there, each won
within 500,000 nodes of 2 million. Deals 201-300 with 400,000 nodes: 84 won (62 before;
5 of the old wins lost, each won within 520,000 nodes of 2 million), 38 s of CPU in all
(60); `bench/solver.py --mode passes3` (deals 1,000,001-1,000,030, 1 s each): 26 won
(25 before). Capped at one, the runs up to MAX_WIDTH take 13-14
million nodes (25.6 million uncapped, on deal 374); a cap on the sequence alone (any
pointer) won nothing more. Tried too: the beam up to the last pass, then the exact
search of the last pass from every position entering it: the 138 of deal 374 (widths up
to 432) were all lost, in 25,000 nodes in all (the last pass is cheap to decide: the
first two are what the beam missed).

Measured (bench/winrates.py, bench/solver.py): every one of deals 1-10,000 is won, the
slowest in 95,000 nodes and 0.6 s of CPU, median 31 ms. With one pass, deal 1, which
the core alone leaves undecided after 2 million nodes, is lost within 40,000 nodes of
`Relaxed`, and deals 2 and 3, which the core alone needs 1.6 and 1.1 million nodes
for, within 7,400 and 1,800. Over deals 1-1,000 with 100,000 nodes one pass was proved
lost for 618 deals (617 of them within 1 s of CPU, 493 within 20,000 nodes, where the
core alone proved 217) and 382 stayed undecided. With the questions, those 382 again with
a million nodes each: 185 lost, 5 won (37, 68, 450, 596, 752: the first one-pass wins)
(the lost ones in a median of 282,000 nodes) and 192 undecided, their best lines 43-70
cards short (median 65: the questions cut most lines early, so the longest found are
shorter than before); those 192 with 2.5 million nodes: 50 lost (median 1.6 million),
3 won (244, 289, 873) and 139 undecided; those 139 with 6 million: 45 lost, 2 won (193,
982) and 92 undecided; 36 of those 92 with 12 million: 11 lost (deal 7 in 6.7 million,
the slowest in 11.9), 25 undecided (13 among them); the other 56 with 12 million: 18
lost, 1 won (685, in 8.3 million), 37 undecided; 24 of the 62 left with 24 million: 6
lost (the slowest in 23.0 million), 18 undecided; the other 38 with 24 million: 12
lost (median 14.4 million, the slowest 21.7), 1 won (536, in 13.6 million), 25
undecided: 43 left in all, none of them decided by 12 million; 9 of those 43 with 48
million nodes (about 4 minutes of CPU each): none decided. With the slack mask and
its wait (28 November, one process at the lowest priority), the 43 again with 3
million nodes: 1 lost (478); the 42 left with 12 million (70 s of CPU each): 8 lost
(39, 317, 518, 557, 654, 729, 898, 997, at 3.6-11.6 million nodes), 34 undecided; 6
of those with 24 million (13, 40, 70, 108, 125, 126): none decided. So 954 of deals
1-1,000 are proved lost, 12 won, 34 undecided. The questions cost
the lost deals 10-12% fewer nodes than the root search alone needed (4, 16 and 43);
with 20,000 or 60,000 nodes a question, deals 7, 13 and 17 stayed undecided within 5
million either way.
With three passes `Relaxed` wins most positions (its cuts bite on the last pass only)
and proves nothing lost. The search from the root won none of deals 1-1,000 with 20,000
nodes (the three the hint player wins were the only ones known winnable; deal 873, one
of them, is not won by it within 2 million nodes); with the probes and 400,000 nodes it
won 25 of them (three-pass deals 10, 31, 38, 44, 73, 77, 185, ... 924) and left 973
undecided, none proved lost, in a median of 2.6 s of CPU a deal. With the beam and
400,000 nodes it wins 687 of them (68.7%; 146 of deals 1-200, where the old search won
7 and the hint player 12; of the old 25 all but 461, 748 and 864): with the old wins
690, 69.0% (Wilson 95% [66.1, 71.8]). The 975 deals the old search did not win took a
median of 0.29 s of CPU each (2.58 s before; 560 s in all, 2,539 before), the wins a
median of 65,000 nodes; the 310 left undecided end 2-8 cards short (median 4). Those
310 with 2 million nodes: 219 won (median 477,000 nodes, 2.0 s of CPU a deal over the
310), 91 undecided, 2-6 cards short (median 3); those 91 with 5 million: 44 won
(median 2.1 million nodes; 15 s of CPU a deal over the 91), 47 undecided, 2-5 cards
short: the solver wins 953 of deals 1-1,000 (95.3%, [93.8, 96.4]; 954 with the hint
player's wins), none proved lost. Those 47 with 10 million nodes (28 November, two
processes at the lowest priority, 10 minutes): 22 won (median 4.4 million nodes, 11 s of
CPU each), 24 undecided with the hint player's wins counted; those with 25 million (16
minutes): 11 more won (8-22 million nodes), 13 undecided (21, 131, 169, 374, 463, 521,
524, 531, 784, 798, 934, 937, 973, about 90 s of CPU each); those 13 with 50 million
(22 minutes): 5 won (21, 169, 521, 531, 798, at 22-26 million nodes), 8 undecided
(131, 374, 463, 524, 784, 934, 937, 973, 165-230 s of CPU each): 992 of deals 1-1,000
are proved winnable (99.2%, [98.4, 99.6]), none proved lost. With the beam's cap per
sequence (28 November, one process at the lowest priority): 131, 934, 524, 374 and 973
won in 26,000, 88,000, 236,000, 1.85 million and 2.1 million nodes (0.1-5.9 s of CPU,
where 50 million nodes had taken 165-230 s to leave them undecided), 784
in 39.4 million (150 s: the second series', capped at two, so with a budget of at least
53 million). 463 and 937: every series up to MAX_WIDTH (13-15 million nodes each) ends
3 cards short on both, as did 5 million nodes of the search; the beam capped at one
alone going on to wider runs won 463 in 19.8 million nodes and 937 in 48 million (83
and 219 s of CPU), hence the third series, wide (runs of 4,920 to 11,070, capped at
one): the solver wins 463 in 52.1 million nodes (200 s) and 937 in 83.5 million (317 s;
budgets of at least 70 and 112 million, the beam's share 6/8). All 1,000 of deals
1-1,000 are won with three passes (100%, [99.6, 100.0]).
The beam's moves were most of its time, and most of them were never kept: on deals 85,
18 and 143, 99.6% of the children kept were within 8 cards dealt of their parent, 93%
of the moves scored further. So the beam makes the moves at the pointers up to HORIZON
(6) cards dealt only (`BeamCore`: two deals of three), and a run whose every line ends
within that horizon, no child left out by the width, makes the runs after it look at
every pointer (on small positions, where the whole tree fits, `done` comes so). Three-
pass deals 1-300 (28 November, nodes counted as before): won within 100,000 nodes
260 (86.7% [82.4, 90.1]; 173 before, 57.7% [52.0, 63.1]), within 350,000 289 (96.3%
[93.6, 97.9]; 255, 85.0% [80.5, 88.6]), median 16,000 nodes and 67 ms of CPU (81,000
and 180 ms); a horizon of 12 cards: 261 and 286, of 24: 248 and 283. Deals 374, 973,
784, 463 and 937 in 384,000, 83,000, 14.8 million, 7.8 million and 21.1 million nodes
(1.4, 0.3, 81, 33 and 114 s of CPU; 1.85 million, 2.1 million, 39.4 million, 52.1
million and 83.5 million before); with a horizon of 12: 475,000, 601,000, 12.8 million,
15.4 million. 784 and 937 were then won by the wide series, after every run of the
first two: so the runs wider than SMALL (972) are capped at one up to WIDEST first, the
uncapped and capped-at-two ones last, and 784, 463 and 937 are won in 8.3, 6.1 and
13.6 million nodes (50, 31 and 91 s of CPU), deal 281 in 2.8 million (not within 4
million); the deals won within SMALL, as before. Capped at one alone from the first
width on, 7.1, 4.9 and 12.2 million, and the ten of deals 1-300 not won within 450,000
nodes all won within 1.5 million (before: nine, within 1.08 million, 281 not), but
deals 6 and 17 in 239,000 and 44,000 nodes (16,000 and 3,700 uncapped).
With the horizon and the old series, deals 1-1,000: 955 won within 1 s of CPU (95.5%
[94.0, 96.6]; 76.3% before), 960 within 350,000 nodes, median 64 ms and 16,000 nodes
(288 ms before); `bench/solver.py --mode passes3` (deals 1,000,001-1,000,100, 1 s
each): 99 decided within 1 s (81 before), median 62 ms (204); the three-pass hint
player, whose plans ask this search (100,000 nodes), wins 39 of deals 1-100 (36
before).
The order of the runs (29 November): every single run of three-pass deals 1-200 made
alone (widths 8 to 1,458, a base at 3 or 2 deals, capped at one or uncapped, each of
those until its first win) and orders of them replayed on those nodes (a run's nodes
do not depend on the runs before it): the runs of 128, and the uncapped ones with a
base at 3 deals from 192 on, won few deals the others did not, and spent the nodes the
wider runs need (deal 21: 311,000 nodes, 77,000 without them; 178: 586,000 and
245,000), so the first series is `FIRST`, and the last one makes the runs left out
(none twice). And `BeamCore.scored` makes the moves of `Core._children` with their
scores (the pointers up to the horizon only, no sort): the same nodes and lines, 1.6
times the nodes a CPU second (about 450,000). Together, one process at the lowest
priority beside the old code in the same session (load 6-8): deals 1-1,000 won within
1 s of CPU 984 (98.4% [97.4, 99.0]; 957 before, 95.7% [94.3, 96.8]), 197 of the 200
tuned on (190) and 787 of the other 800 (98.4% [97.2, 99.0]; 767, 95.9% [94.3, 97.0]),
median 39 ms (61), 978 within 350,000 nodes (957); one deal newly over the second (147:
134,000 nodes before, by a run of 128; 1.30 million now); with 2 million nodes all but
281, 463, 520, 521, 784 and 937 again, those in 2.1, 5.5, 2.3, 2.1, 7.6 and 12.8 million
(2.8, 6.1, 2.2, 2.9, 8.3 and 13.6 before); `bench/solver.py --mode passes3` 99 of 100
within 1 s as before, median 40 ms (62); the three-pass hint player (its plans ask this
search, 100,000 nodes) wins 41 of deals 1-100 (39 before: 17 and 26 more, none fewer).
The fewest piles (29 November, branch dg10): on the deals that took over a second the
beam's lines ended a few cards short (three-pass deal 147: every line of a run of 192
within 4 to 8 cards of a win) with a base card still in the sequence and a grid whose
cards need all 24 piles: no exit, so nothing brings the base in. The slack (24 less
those piles, `Relaxed`) is the base cards still to come less, per sequence and step, how
many more of the step below than of it are still to come; so some runs also charge
`piles` per pile a child's grid needs at fewest (`Beam.score`, from the parent's count
and the step of the card it takes, `_joins`), which keeps lines that can still bring
their bases in. Tuned on the 114 deals of 1-5,000 over a second (bench/results): single
runs of widths 64 to 192 with base costs of 0 to 20 and piles of 1 to 8, each made alone
(104 of the 114 won by one of the 29 tried, within 192; none by the runs of 192 without
piles), and orders replayed on those nodes and on 60 deals the old order won in 100,000
nodes or more: four runs after those of 32 (width, base, piles: 64, 10, 4; 64, 8, 2; 96,
16, 8; 128, 2, 2) and three before the uncapped one of 192 (96, 6, 6; 192, 10, 4; 192,
4, 4), all capped at one (a run's nodes do not depend on the runs before it, so an
order's are those of its runs; placed so after replaying on 99 of the 271 other deals
won in 200,000 nodes or more, which they delay when they do not win them). A position
keeps its grid's fewest piles (a child's is its parent's with one card, `_joins`), so
those runs cost some 8% more CPU a node, not 42%. One process at the lowest priority
(load 2-9), 600,000 nodes a deal: of the 143 deals of 5,001-10,000 over a second (held
out), 18 still are (100 remeasured before in the same session: all over, median 1.95 s;
now median 224 ms); of the 114 tuned on, 18; of 299 of the other deals at random, 2
(2413 and 6444, won in 441,000 and 317,000 nodes before; 2 of 265 remeasured before),
median 48 ms (45 remeasured; the same nodes, median 15,856); of those 92 of the 271 won
in 200,000 nodes or more, 2 (2516 and 9651; median 151 ms, 592 before): about 46 of
deals 1-10,000 over a second (36 of the 257, and 4 of the 105 measured of those 271,
none of the 287 others at random), 99.5% within it (257 before, 97.4%); `bench/solver.py
--mode passes3`: 100 of 100 within 1 s, median 46 ms (99, 45 ms before). With 2 million
nodes the 38 deals still over a second (4321 and 6920 aside) have the verdicts they had
before (won, or left to the retry) but 7434 (won in 1.47 million nodes before, 1.61
million now: a retry's); 4321 and 6920 are not won by runs with piles up to 648 wide
either. Tried and dropped (29 November): the ties broken at random (a layer's positions
and a refill's piles shuffled, seeded): runs of 64 and 192 won none of four slow deals
more.
The tail (29 November, branch dg11, issue 17): the beam's lines of 4321 and 6920 all
ended a few cards short on the last pass, but the last two passes are cheap to decide
exactly from where a line enters them: `Grids` (the game without the grid, exact with
any passes) decides a position entering the last pass within 10 nodes, and one
entering the second of three (13 to 37 cards left) in a few thousand (3,405 of the
3,414 that a million nodes of beam made on deal 4321 within 200,000 each). So the
positions the beam keeps as they enter the second pass are searched to the end
(`Tail`: the fewest cards left first, one table shared, up to TAIL_NODES each), once
the beam has made TAIL_FROM (2 million) nodes of its own, in at most as many nodes as
it makes after that. Deal 6920 is won so in 3.09 million nodes (14 s of CPU): its
line enters the second pass with 21 cards left, where `Grids` wins in 1,753 nodes.
Below TAIL_FROM nothing changes (the beam's share of the page's 2 million nodes is 1.5
million): 300 deals at random of those bench/results has won within a million nodes
are won in the same nodes (median 51 ms of CPU, 54 for the old code beside it), and
`bench/solver.py --mode passes3` wins 100 of 100, median 49 ms (50). The 11 deals it
had won in over 2 million nodes are won again, in a median of 3.29 million nodes (5.05
before) and 46.4 million in all (61.2): 937 in 2.17 million (13.6), 784 in 2.71 (7.76),
5358, 5071 and 6436 sooner too, but 3274 in 10.0 (6.02) and 520, 6682, 5883 and 9316
5-20% later (the tail's nodes, spent before the beam's win). Deal 4321 stays undecided
(30 million nodes with the tail, 238 s of CPU: 3 cards short):
the 16,942 positions that 8 million nodes of beam (widths up to 7,381) made entering
the second pass are lost but 3 (undecided at 300,000 nodes; 215 s of CPU in all), as
are the 2,670 entering the third of 3 million; a proof that the deal is lost would
need every position of the first pass too, and they are many (a search of the first
pass alone met 657,495 sequences in its first million positions, far from done).
Tried too: `Grids` alone from the root of 4321 (4 million nodes, its best line 23 cards
short: the first pass's choices are where it spends them), and the core from the root
asking `Grids` at each position entering a pass (its lines entered the second pass
with 66-67 cards left, too many to decide within 50,000 nodes each).
The branches (29 November, branch dg13, issue 17): deal 4321 is won. The beam from
the root's best child alone (the stock's top card refilled before the first deal) wins
it in 113,219 nodes (0.4 s of CPU), and so does the beam from each of the four grids
that refill makes (one per pile that can leave its cell), and from the child with the
two cards under it refilled too (36,056 nodes): two base cards, which once dealt lie at
the bottom of the waste through every pass. The root's beam never kept such a line: its
layers rank every child's descendants against each other (none of the 4,545 positions
that 2 million nodes of it made entering the second pass had those two refilled), and
the tail only decides the positions the beam keeps. So the beam runs again from each
of the root's children (`Branches`: best first by the first run's score, each sequence,
pointer and redeals once, up to BRANCH_NODES each), from BRANCH_FROM (2 million) nodes
of its own on, in at most a quarter of the nodes it makes after that (BRANCH_SHARE; as
much as the beam's own cost the slower deals a median 17% more nodes, a quarter 4.6%).
Deal 4321 is won so in 3,018,971 nodes (15 s of CPU; undecided at 50 million and 342
s before), by the branch of the root's best child. Below BRANCH_FROM nothing changes
(the page's budget gives the beam 1.5 million): the 13 deals bench/results had won in
over 2 million nodes are won again, in 1.01-1.10 times the nodes (52.3 million in all
before, 55.6 now; about the same CPU a node): 937 in 2.20 million (2.17), 6920 in 3.23
(3.09, by the tail as before), 3274 in 11.0 (10.0).
Tried and dropped: among equal scores, the
grids with more exits first (exits counted from the parent's): single runs capped at
one on 18 hard deals of 1-200 won 26 of 36 at a narrower width, but the whole order
won 196 of 1-200 within 450,000 nodes (198 without) and 985 of 1-1,000 within 1 s
(984 without; median 30 ms against 39), and deal 131 took 2.7 million nodes (7,175
without): it changes which deals are hard more than how many (branch dg7-tie).
Tried and dropped before the horizon (every pointer): a move that covers the only top of
the step below that another card of its code needs ranked last among equal scores (the
children of a refill differ only in which top they cover): deals 1-300, 255 won within
450,000 nodes (266 without); the grid's slack (24 less the fewest piles its cards need)
scored as much as a card dealt: 69 of deals 1-79 (75 without); the exact search of the
last pass (the core and its questions, 3,000 nodes) from each child entering it: deals
5, 7, 9, 18, 32, 64 and 85 won no sooner.
Deciding those, and the one-pass deals
it wins, needs some of the piles back cheaply; tried and dropped: each sequence's exact
count of piles (the choice of which pays for a refill branches again), an upper bound on
it, and the count of builds onto each step (both split positions): each decided later,
and none decided one-pass deal 4 or 37 within 150,000 nodes. Also tried: a card that
waits on a grid of exactly 24 piles when its step below is all covered (not only when
none of it is on the grid): exact, but it cut nothing more on deals 4, 16 and 43.
Tried on one pass and dropped (28 November): every base card must come in by a refill,
from the stock's top (then the grid holds the grid's cards, the bases that must come so
before it, and some of the cards above it in the sequence, not those under a waiting
card) or from the waste's top once the stock is empty (then it also holds every card
above it); in each case some grid of those cards needs fewer than 24 piles (the fewest
over the choices is a sum per sequence). Exact, but a cut at a position failing both
cost 10-20 times the CPU of a node of `Relaxed` and saved little: deals 1, 16, 77, 43,
4 and 30 in 24,000, 64,000, 198,000, 207,000, 234,000 and 571,000 nodes (the old 36,000
... 716,000 above); limiting the cards that leave the waste first to its top ones
(they leave from the top) cut nothing more. Also tried on the slack (28 November): when
every unit of slack lies at a relevant code (as many as the mask's bits), a refill
spends one of them, so a child per bit it clears: exact, but the children split what
one child with the whole mask covered, and deals 1, 77, 43, 4 and 30 were no longer
decided within 400,000 nodes of the root search without the grid (35,000 to 270,000
before); a count of the units at relevant codes kept beside the mask instead (a refill
spends one of them when they are all the exits on offer): exact, 1-2% fewer nodes, 20%
more CPU a node.
"""

from __future__ import annotations

import copy
import heapq
import random
import time
from operator import itemgetter

from ..games.devils_grip import DEAL, REDEAL, Build
from .search import LOST, UNKNOWN, WON, Sliced, Solution

WASTE, EXIT = 0, 1
LUBY_UNIT = 2_000  # nodes of the shortest run of the restarts
CHARGE = 4  # the beam counts a node per this many moves scored (CPU as the core's nodes)
BEAM_SHARE, PROBE_SHARE = 6, 1  # eighths of the budget, before the last pass (`_probe`)
FOLLOW_NODES = 200_000  # nodes of `Follow` for the root's line of `Relaxed` on the grid
FOLLOW_ASK_NODES = 2_000  # and for the line of a question (`Core.step`)
ASK_NODES = 20_000  # nodes of the search without the grid for one of the core's positions
FORCE = True
FORCE_ALONE = True  # and when one of its step below is there, its twin under it (`Grids`)
WASTE_FIRST = True  # a refill then the waste's top at one pointer: only the other order
NO_BELOW = True  # and a waste top that cannot be played now and no c-1 can come for
STUCK = True  # `Relaxed._stuck`: a waste that cannot be emptied
PREFIX = True  # dealing on stops at a pointer whose waste is stuck
LAZY = True  # and that pointer's test waits for a move at it or beyond (`Grids._children`)
FIRST_TAKE = True  # `Grids._inherits` for a refill after the waste's top card left first
SKIP = True  # `_stuck` takes the stock's cards up to the next that can let a card build
COVER = True  # and in it, the tops of a step known covered for good
LEAN = True  # `_normal` drops the limits of a family that another implies
INHERIT = True  # `Grids._inherits`: a child known not stuck from its parent's `_stuck`
SHARED = True  # and in it, the slack the waste's cards spend, against the family's limits
SPENT_LIMIT = 5_000  # sets tried to name the piles of an undecided search's best line
# (or of a part of it, three quarters each time)
GRIDS = True  # one pass: the exact search without the grid (`Grids`) alone decides
GRIDS_TABLE = 70_000  # sequences `Grids` keeps lost families of, at most (then it forgets)
KEEP_LONG = True  # and it forgets the shorter half of them, not all (`Grids._forget`)
TAIL_FROM = 2_000_000  # beam nodes before its positions entering the last two passes are
# decided exactly (`Tail`: past the beam's share of the page's 2 million, so only the
# bigger budgets of bench/winrates.py's retries see it)
TAIL_NODES = 300_000  # nodes of `Grids` for one of those positions
BRANCH_FROM = 2_000_000  # beam nodes of its own before it runs again from each of the
# root's children (`Branches`: as the tail, past the page's budget)
BRANCH_NODES = 1_000_000  # nodes of the beam from one of those children
BRANCH_SHARE = 4  # and they make at most a node per so many of the beam's own since
ALL = (1 << 48) - 1  # a mask of every code: the slack may be anywhere (`Relaxed.mask`)
BASES = bytes(0 if not code & 3 else 1 for code in range(256))  # a base's code to 0
EXIT_CODES = tuple(code for code in range(48) if code & 3)  # the codes a pile can leave from
SEQUENCE = bytes(code >> 2 for code in range(256))  # a code to its sequence
LOST_TOP = -2  # `Grids._waits_for_below`: the waste's top card can never leave
UNTAKEN = -99  # `Grids`: a pointer's first stock card in `_stuck` not known
PR = 10  # a lost entry of `Relaxed.failed` is mask << PR | pointer << 2 | redeals


def _join(step: int, gone_below: int, gone_here: int, gone_above: int) -> int:
    """How the grid's fewest piles change when a card of `step` joins it, its step
    below, its own and its step above having those cards off the grid (`_take`)."""
    if gone_here == 0:
        return 0  # (no such card off the grid: never asked)
    here = 2 - gone_here
    below = 2 - gone_below if step else 0
    above = 2 - gone_above if step < 3 else here
    before = max(0, here - below) + max(0, above - here)
    here += 1
    if step == 3:
        above = here
    return max(0, here - below) + max(0, above - here) - before


JOIN = tuple(_join(step, b, h, a) for step in range(4) for b in range(3) for h in range(3)
             for a in range(3))  # by ((step * 3 + below) * 3 + here) * 3 + above
# the same by code: JOINED[x * 27 + below * 9 + here * 3 + above], the cards off the grid
# of codes x - 1, x and x + 1 (another sequence's ignored)
JOINED = tuple(_join(x & 3, b if x & 3 else 2, h, a if x & 3 < 3 else 0) for x in range(48)
               for b in range(3) for h in range(3) for a in range(3))


def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


def reaches(p0: int, r0: int, p: int, r: int, n: int, d: int) -> bool:
    """With limited passes: whether dealing and redealing alone lead from `p0` cards on
    the waste after `r0` redeals to `p` after `r` (n cards in stock and waste, n > 0,
    d dealt at a time, r a redeal the passes allow). Everything reachable from the
    second is then reachable from the first, so the first lost makes the second lost."""
    if r == r0:
        return p >= p0 and ((p - p0) % d == 0 or p == n)
    return r > r0 and (p % d == 0 or p == n)


def crowded_from(seq: bytes) -> int:
    """The first i such that seq[i] cannot leave from the top of the waste when the grid
    holds every card but seq[0..i] (len(seq) when there is none). The grid has 24
    piles, each a run of steps of one sequence; a sequence whose cards there have c_k
    cards of step k needs at least sum(max(0, c_k - c_(k-1))) of them. With more than
    24 needed the grid cannot be; with exactly 24 no two piles of a sequence join, so no
    pile can leave its cell and nothing is refilled: a card that no top can take then
    (a base, or one whose step below has both its cards under it) cannot leave."""
    gone = [0] * 48  # cards of each code off the grid, counted from the bottom
    piles = 24
    for i, c in enumerate(seq):
        base = c & ~3
        before = _runs(gone, base)
        gone[c] += 1
        piles += _runs(gone, base) - before
        if piles > 24 or (piles == 24 and (c == base or gone[c - 1] == 2)):
            return i
    return len(seq)


def exits_mask(bottoms: list[int], tops: list[int]) -> int:
    """The codes b (bit b) at which the grid has an exit, a bottom b (not a base) and a
    top b-1: exactly where its slack lies (see `Relaxed`)."""
    mask = 0
    for b in range(48):
        if b & 3 and bottoms[b] and tops[b - 1]:
            mask |= 1 << b
    return mask


def relevant(mask: int, gone) -> int:
    """The bits of a slack mask (`Relaxed.mask`) that can still matter: a code b (not a
    base) with one copy in the sequence and one on the grid, and one of b-1 on the grid
    (`gone`: the sequence's cards of each code, a list or the sequence itself). Only
    there is a mask bit ever read: a waste card b has a top b-1 for sure when both
    b-1 are on the grid, none when neither is, and none by slack when no b is on the
    grid (the slack at b is at most min(c_(b-1), c_b)); and counts only grow, so a
    code that is not relevant never becomes relevant again with slack it had before
    (a b coming from the waste lands on a b-1: no slack at b; a b refilled, or a b-1
    coming in under a b, sets the bit again, see `Relaxed.apply`)."""
    count = gone.count if isinstance(gone, bytes) else gone.__getitem__
    kept = 0
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        if b & 3 and count(b) == 1 and count(b - 1) == 1:
            kept |= low
        mask ^= low
    return kept


def _runs(gone: list[int], base: int) -> int:
    """The fewest piles the grid's cards of the sequence starting at code `base` fit in,
    `gone[code]` of each code's two cards being elsewhere."""
    runs, last = 0, 0
    for code in range(base, base + 4):
        count = 2 - gone[code]
        if count > last:
            runs += count - last
        last = count
    return runs


def fewest_piles(seq: bytes) -> int:
    """The fewest piles the grid's cards need, the grid holding every card not in
    `seq` (24 less its slack, see `Relaxed`)."""
    gone = [0] * 48
    for x in seq:
        gone[x] += 1
    return sum(_runs(gone, base) for base in range(0, 48, 4))


def _joins(seq: bytes, x: int) -> int:
    """How the grid's fewest piles change when card `x` of `seq` joins it (`JOIN`), the
    grid holding every card not in `seq`."""
    step = x & 3
    count = seq.count
    return JOIN[((step * 3 + (count(x - 1) if step else 2)) * 3 + count(x)) * 3
                + (count(x + 1) if step < 3 else 0)]


class Core:
    """The search proper, on codes (no engine): `step(quota)` returns WON, LOST or None."""

    def __init__(self, bottoms: list[int], tops: list[int], seq: bytes, p: int,
                 redeals: int, draw: int, passes: int, shake: bool = True) -> None:
        self.bottoms, self.tops = bottoms, tops
        self.seq, self.p, self.redeals = seq, p, redeals
        self.draw, self.passes = draw, passes
        self.nodes = 0
        self.failed: dict = {}
        self.path: list[tuple] = []  # (q, r, kind, b) per node of the current line
        self.undos: list[tuple] = []
        self.best_left = len(seq)
        self.best_path: list[tuple] = []
        self.shake = shake
        self.run_index = 0
        self.rng = random.Random(1)
        self.line: list[tuple] | None = None
        self.relaxed: Relaxed | None = None  # its lost positions are lost here too
        self.asking = False  # the newest position of `path` waits for `relaxed.answer`
        self._restart()

    # -- positions ------------------------------------------------------------------------

    def key(self) -> bytes:
        return bytes(self.bottoms) + bytes(self.tops) + self.seq

    def _tag(self) -> int:
        """The pointer as the table sees it with unlimited passes: -1 when canonical
        (see the docstring)."""
        p, n, d = self.p, len(self.seq), self.draw
        return -1 if p % d == 0 or p == n else p

    def _known_lost(self) -> bool:
        entry = self.failed.get(self.key())
        if entry is None:
            return False
        if self.passes:
            p, r, n, d = self.p, self.redeals, len(self.seq), self.draw
            return any(reaches(p0, r0, p, r, n, d) for p0, r0 in entry)
        tag = self._tag()
        if tag < 0:
            return True  # a failure from any pointer: a canonical one reaches fewer
        low = entry.get(tag % self.draw)
        return low is not None and low <= tag

    def _mark_lost(self) -> None:
        key = self.key()
        entry = self.failed.get(key)
        if self.passes:
            p, r, n, d = self.p, self.redeals, len(self.seq), self.draw
            if entry is None:
                self.failed[key] = [(p, r)]
                return
            # keep only the failures this one does not reach (it reaches more)
            entry[:] = [(p0, r0) for p0, r0 in entry if not reaches(p, r, p0, r0, n, d)]
            entry.append((p, r))
            return
        if entry is None:
            entry = self.failed[key] = {}
        tag = self._tag()
        if tag < 0:
            entry[0] = -1
        else:
            low = entry.get(tag % self.draw)
            if low is None or tag < low:
                entry[tag % self.draw] = tag

    def pointers(self) -> list[tuple[int, int]]:
        """(pointer, redeals) of every position dealing and redealing reaches from here
        without progress, each once, in the order play reaches them."""
        p, r, n, d, limit = self.p, self.redeals, len(self.seq), self.draw, self.passes
        found = [(p, r)]
        if not limit:
            seen = {p}
            while p < n:
                p = min(p + d, n)
                seen.add(p)
                found.append((p, r))
            if n:
                for q in range(0, n + d, d):
                    q = min(q, n)
                    if q not in seen:
                        seen.add(q)
                        found.append((q, r + 1))
            return found
        while True:
            if p < n:
                p = p + d if p + d < n else n  # (min() written out: once a node)
            elif n and r + 1 < limit:
                p, r = 0, r + 1
            else:
                return found
            found.append((p, r))

    def dead(self) -> bool:
        """No pile can ever leave its cell, and some card of the sequence can never be
        placed, even if every card of it could be played whenever it fits."""
        bottoms, tops = self.bottoms, self.tops
        rest = set(self.seq)

        def reachable(x: int) -> bool:
            while not tops[x]:
                if x not in rest or not x & 3:
                    return False
                x -= 1
            return True

        for b in range(48):
            if bottoms[b] and b & 3 and reachable(b - 1):
                return False
        return not all(c & 3 and reachable(c - 1) for c in rest)

    def crowded(self) -> bool:
        """On the last pass: some waste card can leave only once every other card but
        those below it has reached the grid, and then the grid would need more than 24
        piles. The waste's cards leave from the top only, and one that can only be
        refilled (a base, or one whose step below is neither a top nor anywhere but
        under it in the waste) waits until the stock is empty; so does the waste under
        it. When the i-th waste card from the bottom is on top there, the grid holds
        every card but the i+1 bottom ones, and a sequence whose cards there have c_k
        cards of step k needs at least sum(max(0, c_k - c_(k-1))) piles."""
        seq, p, tops = self.seq, self.p, self.tops
        if p == len(seq):
            j = p - 1  # the stock is empty: the order is fixed from the top
        else:
            j = -1
            for i in range(p - 1, -1, -1):
                c = seq[i]
                if not c & 3 or (not tops[c - 1] and c - 1 not in seq[i + 1:]):
                    j = i
                    break
        return crowded_from(seq) <= j

    # -- the moves -----------------------------------------------------------------------

    def _children(self) -> list[tuple]:
        bottoms, tops, seq = self.bottoms, self.tops, self.seq
        n = len(seq)
        exits = [b for b in range(48) if bottoms[b] and b & 3 and tops[b - 1]]
        if not exits and self.dead():
            return []
        if self.passes and self.redeals + 1 == self.passes and self.crowded():
            return []
        # On the last pass a child whose waste would bury a base card at or above the
        # first crowded index f, or would empty the stock with f in it, is crowded:
        # leave it out without making it (its waste is seq[:w], w its pointer).
        f = crowded_from(seq) if self.passes else n
        g = seq.translate(BASES).find(0, f)  # the first base card at or above f
        if g < 0:
            g = n
        last = self.passes - 1
        scored = []
        shake = self.rng.random if self.run_index and self.shake else None
        for rank, (q, r) in enumerate(self.pointers()):
            if q:
                c = seq[q - 1]
                if c & 3 and tops[c - 1] and not (
                        r == last and (g < q - 1 or (q == n and f < n - 1))):
                    # holding back: it would cover the only top a pile of its code needs
                    hold = bottoms[c] and tops[c - 1] == 1
                    score = (2 if hold else 0) * 100 + rank
                    scored.append((score + (shake() * 60 if shake else 0), (q, r, WASTE, c)))
            w = q if q < n else n - 1  # an exit's child's pointer
            if exits and n and not (r == last and (g < w or (w == n - 1 and f < w))):
                refill = seq[q] if q < n else seq[q - 1]
                base = not refill & 3
                for b in exits:
                    score = (1 if base else 3) * 100 + rank
                    scored.append((score + (shake() * 60 if shake else 0), (q, r, EXIT, b)))
        scored.sort(key=lambda item: item[0])
        return [move for _score, move in scored]

    def apply(self, move: tuple) -> tuple:
        q, r, kind, b = move
        bottoms, tops, seq = self.bottoms, self.tops, self.seq
        old = (self.seq, self.p, self.redeals)
        n = len(seq)
        if kind == WASTE:
            tops[b - 1] -= 1
            tops[b] += 1
            self.seq = seq[:q - 1] + seq[q:]
            self.p = q - 1
            self.redeals = r
            return old + (None,)
        at = q if q < n else q - 1
        refill = seq[at]
        bottoms[b] -= 1
        tops[b - 1] -= 1
        bottoms[refill] += 1
        tops[refill] += 1
        self.seq = seq[:at] + seq[at + 1:]
        self.p = at  # (a child's pointer is where its card was taken)
        self.redeals = r
        return old + (refill,)

    def unapply(self, move: tuple, undo: tuple) -> None:
        _q, _r, kind, b = move
        self.seq, self.p, self.redeals, refill = undo
        if kind == WASTE:
            self.tops[b] -= 1
            self.tops[b - 1] += 1
            return
        self.bottoms[refill] -= 1
        self.tops[refill] -= 1
        self.bottoms[b] += 1
        self.tops[b - 1] += 1

    def _follow(self, moves: list[tuple]) -> bool:
        """Play a question's winning line (`Follow`) from here: True when it wins (the
        whole line in `line`)."""
        follow = Follow(self, moves)
        won = follow.step(FOLLOW_ASK_NODES) == WON
        self.nodes += follow.nodes
        if won:
            self.line = self.path + follow.line
        return won

    # -- the search ----------------------------------------------------------------------

    def _restart(self) -> None:
        while self.path:
            self.unapply(self.path.pop(), self.undos.pop())
        self.run_index += 1
        budget = luby(self.run_index) * LUBY_UNIT
        self.run_end = self.nodes + budget
        self.stack = [[self._children(), 0]]

    def step(self, quota: int) -> str | None:
        """Search up to `quota` more nodes (the nodes of `relaxed`'s questions count too):
        WON (the line in `line`), LOST, or None."""
        relaxed = self.relaxed
        asked = relaxed.nodes if relaxed is not None else 0
        end = self.nodes + asked + quota
        stack, path, undos = self.stack, self.path, self.undos
        while self.nodes + asked < end:
            if self.asking:
                # the newest position waits for the relaxed search's verdict
                before = relaxed.nodes
                verdict = relaxed.answer(end - self.nodes - asked)
                asked += relaxed.nodes - before
                if verdict is None:
                    return None  # the slice is spent: ask on in the next one
                self.asking = False
                if verdict == LOST:
                    self.unapply(path.pop(), undos.pop())
                elif verdict == WON and relaxed.line and self._follow(relaxed.line):
                    return WON
                else:
                    stack.append([self._children(), 0])
                continue
            if self.nodes >= self.run_end and path:
                self._restart()
                stack = self.stack
                continue
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                self._mark_lost()
                stack.pop()
                if not path:
                    return LOST
                self.unapply(path.pop(), undos.pop())
                continue
            move = moves[frame[1]]
            frame[1] += 1
            undo = self.apply(move)
            self.nodes += 1
            path.append(move)
            undos.append(undo)
            left = len(self.seq)
            if left < self.best_left:
                self.best_left = left
                self.best_path = list(path)
            if not left:
                self.line = list(path)
                return WON
            if self._known_lost():
                path.pop()
                self.unapply(move, undos.pop())
                continue
            if relaxed is not None:
                verdict = relaxed.ask(self.seq, self.p, self.redeals,
                                      exits_mask(self.bottoms, self.tops))
                if verdict is None:
                    self.asking = True  # a question to answer in the next turn
                    continue
                if verdict == LOST:
                    path.pop()
                    self.unapply(move, undos.pop())
                    continue
            stack.append([self._children(), 0])
        return None


class Relaxed:
    """The search with the grid forgotten (limited passes): a position is its sequence,
    pointer and redeals alone, and a progress move is allowed whenever some grid with
    these cards on it would allow it. The grid holds every card not in the sequence, so
    each sequence's count of cards of each step there is known; the piles are not. A
    grid with c_k cards of step k of a sequence, a_k of them on a card of step k-1, has
    sum(c) - sum(a) piles, 24 in play; as a_k <= min(c_(k-1), c_k), the exits it offers
    (a bottom b, not a base, and a top b-1 elsewhere: a_k < min(c_(k-1), c_k) for some
    sequence and step) number exactly 24 minus the fewest piles its cards need
    (`_runs`, the same count `crowded_from` makes). So whether a pile can leave its cell
    (a refill) does not depend on the piles at all; a waste card of step k needs a top
    of step k-1 (c_(k-1) > a_k), which some grid has iff c_(k-1) > c_k, or c_(k-1) > 0
    and an exit exists. Every line of the game is a line here, so a position lost here
    is lost in the game, whatever its grid (`lost`). The slack of a code (its exits)
    is known only to lie within `mask` (see the module's docstring), and a waste card
    that the counts leave no top for needs slack at its code. On the last pass the
    same cuts as the game's (`crowded`), with a card that waits when its step below
    has no copy to come from above it, no more on the grid than its own step, and no
    slack at its code."""

    def __init__(self, seq: bytes, p: int, redeals: int, draw: int, passes: int,
                 shared: Relaxed | None = None, mask: int = ALL) -> None:
        self.seq, self.p, self.redeals = seq, p, redeals
        # the codes where the grid's slack may lie and can matter (see the class)
        self.mask = relevant(mask, seq)
        self.masks: list[int] = []  # the mask before each move of `path`
        self.draw, self.passes = draw, passes
        self.gone = [0] * 48  # the sequence's cards of each code
        for c in seq:
            self.gone[c] += 1
        self.runs = sum(_runs(self.gone, base) for base in range(0, 48, 4))
        self.first_crowded = crowded_from(seq)  # kept as cards leave (`apply`), one per line
        self.first_crowded_stack: list[int] = []
        self.nodes = 0
        # the tables of positions known lost and known won: a question (`ask`) is a
        # search of its own from the core's position, sharing them with the root's
        self.failed: dict = shared.failed if shared else {}
        self.won: set = shared.won if shared else set()
        # Questions are asked only of a search that starts on the last pass: before it
        # this search cuts little (over three-pass deals 1-8 with 300,000 nodes they
        # decided none, and the core's best lines came out 8-26 cards worse)
        self.asks = redeals + 1 == passes
        self.unsure: dict = {}  # positions a question could not decide: its budget
        self.question: Relaxed | None = None
        self.question_key: tuple = ()
        self.question_end = 0
        self.line: list[tuple] | None = None  # the last question's winning line, if whole
        self.path: list[tuple] = []
        self.undos: list[tuple] = []
        self.status: str | None = None  # WON or LOST once decided
        self.stack = [[self._children(), 0]]

    def ask(self, seq: bytes, p: int, r: int, mask: int = ALL) -> str | None:
        """The core's question about its newest position: LOST when known lost here (so
        in the game), WON when known won here (the game may still be lost), UNKNOWN
        when this search asks no questions (`asks`), else None: a search from it is set
        up, and `answer` runs it. A question that runs out of its budget (ASK_NODES,
        doubled each time the same position is asked again, as the core's restarts do)
        answers UNKNOWN, and the core searches on."""
        mask = relevant(mask, seq)
        if self.lost(seq, p, r, mask):
            return LOST
        if not self.asks:
            return UNKNOWN
        key = (seq, p, r, mask)
        if key in self.won:
            return WON
        budget = self.unsure.get(key, ASK_NODES // 2) * 2
        self.question = Relaxed(seq, p, r, self.draw, self.passes, self, mask)
        self.question_key, self.question_end = key, budget
        self.unsure[key] = budget
        return None

    def answer(self, quota: int) -> str | None:
        """Search the open question for up to `quota` more nodes (counted in `nodes`):
        WON, LOST, UNKNOWN (out of its budget), or None (not yet)."""
        question = self.question
        before = question.nodes
        verdict = question.step(min(quota, self.question_end - before))
        self.nodes += question.nodes - before
        if verdict is None and question.nodes >= self.question_end:
            verdict = UNKNOWN
        if verdict is not None:
            self.question = None
            # a whole winning line, for the core to play on its grid
            self.line = list(question.path) if verdict == WON and not question.seq else None
            if verdict != UNKNOWN:
                del self.unsure[self.question_key]
        return verdict

    pointers = Core.pointers

    def lost(self, seq: bytes, p: int, r: int, mask: int) -> bool:
        """Whether the position (`seq`, pointer `p` after `r` redeals, its slack within
        `mask`) is known lost here: a lost entry with a wider mask allows every line
        this one has."""
        entry = self.failed.get(seq)
        if entry is None:
            return False
        n, d = len(seq), self.draw
        for e in (entry,) if type(entry) is int else entry:
            if not mask & ~(e >> PR) and reaches(e >> 2 & 255, e & 3, p, r, n, d):
                return True
        return False

    def _mark_lost(self) -> None:
        """The table keeps, per sequence, the lost (pointer, redeals, mask) that no other
        lost one covers, each as one int mask << PR | p*4 + r, alone or in a tuple (it
        holds about a million positions after 2 million nodes: half the memory of lists
        of pairs)."""
        seq, p, r, n, d, mask = self.seq, self.p, self.redeals, len(self.seq), self.draw, self.mask
        new = mask << PR | p << 2 | r
        entry = self.failed.get(seq)
        if entry is None:
            self.failed[seq] = new
            return
        entries = (entry,) if type(entry) is int else entry
        kept = tuple(e for e in entries if not (
            not (e >> PR) & ~mask and reaches(p, r, e >> 2 & 255, e & 3, n, d)))
        self.failed[seq] = kept + (new,) if kept else new

    def _limits(self) -> tuple:
        """The limits of the family of slack sets `_stuck` may read (`Grids`): none here."""
        return ()

    def _waits(self, low: int = 0) -> int:
        """The highest index of a waste card that waits for an empty stock (-1: none; with
        `low`, -1 also when the highest is below it: the search asks only whether one at
        or above the first crowded index waits, and the waste is scanned from its top)."""
        seq, p, gone, mask = self.seq, self.p, self.gone, self.mask
        if p == len(seq):
            return p - 1
        for i in range(p - 1, low - 1, -1):
            c = seq[i]
            if not c & 3 or (gone[c - 1] >= gone[c] and not mask >> c & 1
                             and seq.find(c - 1, i + 1) < 0):
                return i
        return -1

    def _stuck(self, p: int = -1, wait: int = -1) -> bool:
        """On the last pass: whether the waste cannot be emptied. Its cards leave from the
        top only, and before the stock is empty only by a build; when the i-th waste card
        leaves, every card dealt above it has left, and so has every card taken from the
        stock (refills take its top): the sequence is then seq[:i+1] + seq[j:] for some
        j >= p, the grid every other card, so its fewest piles are at most 24 and the
        card needs a top of its step below (some grid of those cards has one, not one
        known covered for good: under a waste card of its code that left before it, or
        the one c-1 on the grid under the one c there at a relevant code without slack),
        or j = n and then `crowded_from` decides. j only grows as i falls, so the least
        j for each card, from the top down, is the test (every card that leaves before
        the stock is empty builds, so what it covers does not depend on j).
        With `Grids`'s family (SHARED): a waste card of a relevant code c (one c and one
        c-1 on the grid, its other c-1 the one in the sequence) that builds while that
        other c-1 is not on the grid lands on the one that was there, uncovered since (a
        c-1 is covered only by a c, for good), so c was in the grid's set of slack S.
        When the i-th card leaves at j, that holds for it and for each such card above
        it whose c-1 lies below it in the waste or in the stock at j or beyond (not on
        the grid when it left, as j was no greater then): all their codes are in S, so
        within one set of the family (`_independent`). A function of i and j alone, so
        the least j is still the test.
        For each card the stock's cards are taken at once up to the next that can let
        it build (SKIP): its step below, when it waits for one (none on the grid, or
        its tops covered), or, when it waits for its slack's set, that or the card
        whose arrival takes a code out of it; until then the test says no whatever
        the fewest piles, so none comes: stuck (a base card too: it leaves only once
        the stock is empty, and card f cannot). Not stuck, `first_take` keeps the
        waste index at which it took its first stock card (`Grids._inherits`)."""
        if p < 0:
            p = self.p
        f = self.first_crowded
        if f >= p:
            self.first_take = UNTAKEN
            return False  # (only the cards from f up can fail, with an empty stock)
        seq, n, mask = self.seq, len(self.seq), self.mask
        gone = self.gone + [0]  # (x + 1 read for the last code too: JOINED ignores it)
        runs = self.runs
        start = self.gone
        joined = JOINED
        cover_on = COVER
        covered: dict = {}  # code c: the cards c-1 known covered for good
        limits = self._limits() if cover_on and SHARED else ()
        spent = 0  # relevant codes whose slack a waste card above took (SHARED): its
        # c-1 in the sequence lies below it in the waste
        spent_until: list[tuple[int, int]] = []  # (index, code bit): the same while j is
        # at most the index, that of its c-1 in the stock
        first = f - 1  # the waste index at its first stock card (f - 1: none)
        j = p
        if j == n:
            return True
        if wait >= 0:  # the top card waits for the stock's card at `wait` (NO_BELOW:
            # `Grids._waits_for_below`)
            first = p - 1
            while j <= wait:
                x = seq[j]
                j += 1
                runs += joined[x * 27 + gone[x - 1] * 9 + gone[x] * 3 + gone[x + 1]]
                gone[x] -= 1
            if j == n:
                return True
        for i in range(p - 1, f - 1, -1):  # (j < n at each card: it is checked as it grows)
            c = seq[i]
            if not c & 3:
                return True  # (a base leaves only once the stock is empty, and f cannot)
            if cover_on:
                cover = covered.get(c)
                rel = start[c] == 1 and start[c - 1] == 1  # a relevant code
                if cover is None:
                    # a relevant code without slack: its one c-1 on the grid lies
                    # under its one c there (no c-1 tops now)
                    cover = rel and not mask >> c & 1
                shared = rel and limits
            else:
                cover, shared = 0, False
            while True:  # the least j at which the card builds
                while runs > 24:  # (more piles than cells: the stock's next card)
                    if j == p:
                        first = i
                    x = seq[j]
                    j += 1
                    runs += joined[x * 27 + gone[x - 1] * 9 + gone[x] * 3 + gone[x + 1]]
                    gone[x] -= 1
                    if j == n:
                        return True
                last = j  # (else the last stock index to take before it is tried again)
                gone_below = gone[c - 1]
                if gone_below < gone[c] or (gone_below < 2 and runs < 24):
                    if 2 - gone_below > cover:
                        if not shared or gone_below != 1:
                            break
                        # while its c-1 in the sequence is not on the grid the card
                        # takes the slack at c, with the others taken above it
                        now = spent | 1 << c
                        soon = n  # (the first index whose card takes a bit out)
                        for until, bit in spent_until:
                            if j <= until:
                                now |= bit
                                if until < soon:
                                    soon = until
                        if not now & ~mask:
                            for cs, most in limits:  # (`_independent`)
                                if (now & cs).bit_count() > most:
                                    break
                            else:
                                break
                        # (the same until its c-1 comes or a bit leaves: SKIP)
                        last = seq.find(c - 1, j)
                        if last < 0 or soon < last:
                            last = soon
                    else:
                        last = seq.find(c - 1, j)  # (its tops stay covered till then)
                elif gone_below == 2:
                    last = seq.find(c - 1, j)  # (no top of its step below till then)
                if not SKIP:
                    last = j
                elif last < 0 or last >= n - 1:
                    return True  # (no such card before the stock is empty)
                if j == p:
                    first = i
                # x joins the grid (`_take`: the fewest piles change around its step only)
                while j <= last:
                    x = seq[j]
                    j += 1
                    runs += joined[x * 27 + gone[x - 1] * 9 + gone[x] * 3 + gone[x + 1]]
                    gone[x] -= 1
                if j == n:
                    return True
            if shared:
                below_at = seq.find(c - 1)
                if below_at < i:
                    spent |= 1 << c
                elif below_at >= p:
                    spent_until.append((below_at, 1 << c))
            covered[c] = cover + 1  # it lies on a c-1, for good
            runs += joined[c * 27 + gone_below * 9 + gone[c] * 3 + gone[c + 1]]
            gone[c] -= 1
        self.first_take = first
        return False

    def _children(self) -> list[tuple]:
        seq, gone, n, mask = self.seq, self.gone, len(self.seq), self.mask
        last = self.passes - 1
        f = self.first_crowded
        if self.redeals == last and f <= self._waits(f):
            return []
        g = seq.translate(BASES).find(0, f)  # the first base card at or above f
        if g < 0:
            g = n
        exits = self.runs < 24
        moves = []
        for q, r in self.pointers():
            if q:
                c = seq[q - 1]
                if c & 3 and not (r == last and (g < q - 1 or (q == n and f < n - 1))):
                    below, here = 2 - gone[c - 1], 2 - gone[c]
                    if below > here or (below and exits and mask >> c & 1):
                        moves.append((q, r, WASTE, c))
            w = q if q < n else n - 1
            if exits and not (r == last and (g < w or (w == n - 1 and f < w))):
                moves.append((q, r, EXIT, 0))
        return moves

    def _take(self, c: int, sign: int) -> None:
        """Card `c` leaves the sequence (sign 1) or comes back (-1): the grid's fewest
        piles change only around its step."""
        gone = self.gone
        step = c & 3
        here = 2 - gone[c]
        below = 2 - gone[c - 1] if step else 0
        above = 2 - gone[c + 1] if step < 3 else here
        # (max(0, x) written out: this runs twice a node)
        before = (here - below if here > below else 0) + (above - here if above > here else 0)
        gone[c] -= sign
        here += sign
        if step == 3:
            above = here
        self.runs += ((here - below if here > below else 0)
                      + (above - here if above > here else 0) - before)

    def apply(self, move: tuple) -> tuple:
        q, r, kind, _c = move
        seq, n = self.seq, len(self.seq)
        old = (seq, self.p, self.redeals)
        at = q - 1 if kind == WASTE else (q if q < n else q - 1)
        # the slack (see the class): a move that uses it when there is one unit leaves
        # none of the old; the card's arrival adds slack where a top or bottom it
        # brings meets one of the step next to it that nothing could take before
        x, gone = seq[at], self.gone
        here, mask = 2 - gone[x], self.mask
        self.masks.append(mask)
        if self.runs == 23 and (kind == EXIT or here >= 2 - gone[x - 1]):
            mask = 0
        if kind == EXIT and x & 3 and here < 2 - gone[x - 1]:
            mask |= 1 << x
        if x & 3 != 3 and here < 2 - gone[x + 1]:
            mask |= 1 << x + 1
        self._take(x, 1)
        self.mask = relevant(mask, gone) if self.runs < 24 else 0
        self.seq = seq[:at] + seq[at + 1:]
        self.p = at
        self.redeals = r
        # crowded_from reads the sequence from the bottom and stops at its answer: a card
        # taken above it leaves it as it is (nearly always: the waste's top or the stock's)
        self.first_crowded_stack.append(self.first_crowded)
        if at <= self.first_crowded:
            self.first_crowded = crowded_from(self.seq)
        return old

    def step(self, quota: int) -> str | None:
        """Search up to `quota` more nodes: WON (some line wins here: the game may still
        be lost), LOST (the game is lost), or None."""
        if self.status is not None:
            return self.status
        end = self.nodes + quota
        stack, path, undos = self.stack, self.path, self.undos
        while self.nodes < end:
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                self._mark_lost()
                stack.pop()
                if not path:
                    self.status = LOST
                    return LOST
                self._undo(path.pop(), undos.pop())
                continue
            move = moves[frame[1]]
            frame[1] += 1
            undo = self.apply(move)
            self.nodes += 1
            path.append(move)
            undos.append(undo)
            position = (self.seq, self.p, self.redeals, self.mask)
            if not self.seq or position in self.won:
                # each position of the line to it is won here
                self.won.update(u + (m,) for u, m in zip(undos, self.masks, strict=True))
                self.status = WON
                return WON
            if self.lost(*position):
                self._undo(path.pop(), undos.pop())
                continue
            stack.append([self._children(), 0])
        return None

    def _undo(self, move: tuple, undo: tuple) -> None:
        q, _r, kind, _c = move
        seq, p, r = undo
        n = len(seq)
        at = q - 1 if kind == WASTE else (q if q < n else q - 1)
        self.seq, self.p, self.redeals = seq, p, r
        self._take(seq[at], -1)
        self.mask = self.masks.pop()
        self.first_crowded = self.first_crowded_stack.pop()


class BeamCore(Core):
    """The beam's core: the same moves, but only at the pointers up to `horizon` cards
    dealt from its own, the rest never made nor scored (`truncated` says when some were
    left out). A layer keeps its children best first, and a child dealt further scores
    less (2 a card): on three-pass deals 85, 18 and 143, 99.6% of the children kept by
    runs looking at every pointer were within 8 cards dealt, but 93% of the moves scored
    were further."""

    horizon = 0  # 0: every pointer
    truncated = False

    def pointers(self) -> list[tuple[int, int]]:
        """`Core.pointers` up to the horizon (made only so far: the cards dealt to each
        never fall, a redeal's pointer 0 being as far as the end of the pass before)."""
        horizon, limit = self.horizon, self.passes
        if not horizon or not limit:
            return Core.pointers(self)
        p0, r0, n, d = self.p, self.redeals, len(self.seq), self.draw
        p, r = p0, r0
        found = [(p, r)]
        while True:
            if p < n:
                p = p + d if p + d < n else n
            elif n and r + 1 < limit:
                p, r = 0, r + 1
            else:
                return found
            if (r - r0) * n + p - p0 > horizon:
                self.truncated = True
                return found
            found.append((p, r))

    def _children(self) -> list[tuple]:
        """`Core._children`: the same moves in the same order (see `scored`)."""
        return [move for _score, _index, move in self.scored(0, 0, 0)]

    def scored(self, index: int, base: int, bases: int, piles: int = 0,
               runs: int = 0) -> list[tuple]:
        """The moves of `Core._children` as the beam's candidates, (score, index, move)
        (`Beam.score`, with `base`, `piles` and this position's `bases` and fewest piles
        `runs`, made once a pointer and kind), made faster: no shaking, the crowded index
        only when a pointer is on the last pass, and the order made by kind (the four of
        `Core._children`, each in the pointers' order) instead of sorted (its sort is by
        kind x 100 + the pointer's rank, stable: the same order while fewer than 100
        pointers are made)."""
        bottoms, tops, seq = self.bottoms, self.tops, self.seq
        n = len(seq)
        exits = [b for b in EXIT_CODES if bottoms[b] and tops[b - 1]]
        if not exits and self.dead():
            return []
        passes = self.passes
        last = passes - 1
        if passes and self.redeals == last and self.crowded():
            return []
        pointers = self.pointers()
        if len(pointers) >= 100:
            return [(Beam.score_of(seq, bases, passes, base, move, piles), index, move)
                    for move in Core._children(self)]
        f = g = n  # (read on the last pass only)
        if passes and pointers[-1][1] == last:
            f = crowded_from(seq)
            g = seq.translate(BASES).find(0, f)
            if g < 0:
                g = n
        m = n - 1  # the cards left to a child
        left = passes * m
        fits, refills, held, spends = [], [], [], []
        for q, r in pointers:
            if q:
                c = seq[q - 1]
                if c & 3 and tops[c - 1] and not (
                        r == last and (g < q - 1 or (q == n and f < n - 1))):
                    score = 2 * (left - r * m - q + 1) - base * bases
                    if piles:
                        score -= piles * (runs + _joins(seq, c))
                    if bottoms[c] and tops[c - 1] == 1:
                        held.append((score, index, (q, r, WASTE, c)))
                    else:
                        fits.append((score, index, (q, r, WASTE, c)))
            w = q if q < n else n - 1
            if exits and n and not (r == last and (g < w or (w == n - 1 and f < w))):
                if seq[w] & 3:
                    score = 2 * (left - r * m - w) - base * bases
                    if piles:
                        score -= piles * (runs + _joins(seq, seq[w]))
                    spends.extend([(score, index, (q, r, EXIT, b)) for b in exits])
                else:
                    score = 2 * (left - r * m - w) - base * (bases - 1)
                    if piles:
                        score -= piles * (runs + _joins(seq, seq[w]))
                    refills.extend([(score, index, (q, r, EXIT, b)) for b in exits])
        return fits + refills + held + spends


def _rank(x: int, limits: tuple) -> int:
    """The rank of the codes `x` in a family of slack sets (`Grids`): the most of them
    one set holds, min(|x|, c + |x - C|) over its limits (C, c) (a chain, so the
    minimum over single limits is exact)."""
    rank = x.bit_count()
    for cs, c in limits:
        v = c + (x & ~cs).bit_count()
        if v < rank:
            rank = v
    return rank


def _normal(ground: int, limits) -> tuple[int, tuple]:
    """A family without its loops (codes no set holds: a limit of 0), without the
    limits that hold for every set, and (LEAN) without those another limit implies:
    the same sets, in fewer limits (most families of one-pass deal 562 held 5 to 9
    limits, of which one or two said anything).
    """
    if len(limits) == 1:  # (most families with a limit)
        cs, c = limits[0]
        if not c:
            return ground & ~cs, ()
        cs &= ground
        return (ground, ((cs, c),)) if c < cs.bit_count() else (ground, ())
    loops = 0
    for cs, c in limits:
        if not c:
            loops |= cs
    ground &= ~loops
    kept: dict = {}
    for cs, c in limits:
        cs &= ground
        if c < cs.bit_count() and kept.get(cs, 99) > c:
            kept[cs] = c
    if len(kept) < 2 or not LEAN:
        return ground, tuple(sorted(kept.items()))
    chain: list[tuple[int, int]] = []  # the limits no other implies
    for cs, c in sorted(kept.items(), key=_size):
        if any(_implies(other, c_other, cs, c) for other, c_other in chain):
            continue
        chain = [(other, c_other) for other, c_other in chain
                 if not _implies(cs, c, other, c_other)]
        chain.append((cs, c))
    return ground, tuple(sorted(chain))


NORMALS: dict = {}  # `_normal` of families of several limits, as met (NORMALS_KEPT)
NORMALS_KEPT = 50_000


def _normal_seen(ground: int, limits: tuple) -> tuple[int, tuple]:
    """`_normal`, kept: a search meets the same families again and again (one-pass
    deal 742: 100,779 families of several limits normalized, 26,735 of them
    different), and normalizing one costs more than a node's other work."""
    key = (ground, limits)
    family = NORMALS.get(key)
    if family is None:
        if len(NORMALS) >= NORMALS_KEPT:
            NORMALS.clear()
        family = NORMALS[key] = _normal(ground, limits)
    return family


def _size(limit: tuple[int, int]) -> tuple[int, int]:
    return limit[0].bit_count(), limit[0]


def _implies(cs: int, c: int, other: int, c_other: int) -> bool:
    """Whether every set with at most c codes of `cs` has at most `c_other` of `other`:
    it has at most all of `other` outside `cs` and c (or all) of those inside."""
    inside = (other & cs).bit_count()
    return (other & ~cs).bit_count() + (c if c < inside else inside) <= c_other


def _independent(codes: int, ground: int, limits: tuple) -> bool:
    """Whether some set of the family (`ground`, `limits`) holds every code of `codes`."""
    if codes & ~ground:
        return False
    for cs, c in limits:
        if (codes & cs).bit_count() > c:
            return False
    return True


def _holds(wide: tuple, narrow: tuple) -> bool:
    """Whether every set of the family `narrow` is a subset of a set of `wide` (each
    (ground, limits)): then `wide` lost makes `narrow` lost."""
    ground, limits = narrow
    if ground & ~wide[0]:
        return False
    return all(_rank(cs & ground, limits) <= c for cs, c in wide[1])


class Grids(Relaxed):
    """The game itself, searched without the grid: `Relaxed` with the grid's slack
    known exactly, as the family of sets of codes its line can have reached.

    A grid is worth, for each sequence and step k, how many of its cards of step k lie
    on one of step k-1 (a_k): then its bottoms and tops are known, and its slack at a
    code b of step k (its exits there) is min(c_(k-1), c_k) - a_k. At a code that is
    not relevant (`relevant`) the slack is never read again but in the total (24 less
    the fewest piles, `runs`), and it never becomes relevant again; at a relevant code
    (one copy of b and one of b-1 on the grid) it is 0 or 1. So a position of the game
    is worth its sequence, pointer, redeals and the set S of relevant codes with slack
    (at the start `exits_mask` of the grid, cut to the relevant codes), and more slack
    is never worse: a position lost with S is lost with every subset of S (whatever
    the one with less can do, the one with more can: a refill spends a unit where the
    other did, or one it has more of). A refill spends a unit of slack: when there is
    one at a code that is not relevant (|S| < 24 - runs), one of those (best: S stays),
    else one of S's. A waste card whose step below the counts leave no top for (one of
    each on the grid) needs the slack at its code, and spends it.

    The search carries the family of the sets S its line can have reached, keeping the
    largest: a waste card that needs slack keeps the sets that have it (less it), a
    refill that must spend some of S makes every S less one bit, a card coming in adds
    the codes it makes relevant with slack, and codes no longer relevant leave. Those
    are the operations of matroids (contraction, truncation, coloops, deletion) from a
    single set, so the family is always the bases of a nested matroid: its *ground*
    (the codes some set holds) and a chain of limits (C, c), each set at most c codes
    of C (`_rank`, `_normal`). Its moves are `Relaxed`'s with the ground as the mask
    (so it searches no more positions than that does); its positions are a sequence,
    a pointer, the redeals and a family, lost when every set of it is lost: the table
    keeps lost families, and a family whose every set some lost one holds (`_holds`)
    is lost. A line that empties the sequence wins in the game (`spent` finds its
    refills' choices, `on_grid` plays it)."""

    def __init__(self, seq: bytes, p: int, redeals: int, draw: int, passes: int,
                 mask: int, explicit: bool = False) -> None:
        start = relevant(mask, seq)
        self.explicit = explicit  # the family as its sets (`spent`)
        self.family: tuple = (start,) if explicit else (start, ())
        self.families: list[tuple] = []
        self.best_left = len(seq)
        self.best_path: list[tuple] = []
        self.root = (seq, p, redeals, mask)
        self.table: dict = {}  # sequence: [(pointer, redeals, family)] lost
        # `_stuck` known False here from the parent's (`_inherits`), and what the
        # last `_children` knew of its pointers for its children's: see `_clear`
        self.inherited: int | None = None
        self.first_take = UNTAKEN  # the last `_stuck` run's, when not stuck (see there)
        self.clear: tuple | None = None
        super().__init__(seq, p, redeals, draw, passes, None, mask)
        self.stack[0].append(self.clear)
        self.asks = False

    def _limits(self) -> tuple:
        return () if self.explicit else self.family[1]

    def _ground(self) -> int:
        """The codes some set of the family holds."""
        if self.explicit:
            union = 0
            for s in self.family:
                union |= s
            return union
        return self.family[0]  # (no loops: every code of it is in some set)

    def _children(self) -> list[tuple]:
        self.mask = self._ground() if self.explicit else self.family[0]
        inherited, self.inherited = self.inherited, None
        self.clear = None
        if self.redeals + 1 != self.passes:
            return Relaxed._children(self)
        # `Relaxed._children` on the last pass, with one more cut. At the first pointer
        # whose waste top c has both cards of its step below on the grid, c goes onto
        # one of them: the rest there (dealing on, a refill) is left out (FORCE). Any
        # winning line from there wins with c on the grid at once: only a card c takes
        # a top c-1, and there are two for two; the fewest piles never grow (c's step
        # has fewer cards than the step below until c comes); the slack elsewhere is
        # the same or more (above c); the stock and the order of the waste without c
        # are the same, so the line's moves are the same, c's own left out; and once c
        # has come in the line, by a refill or not, the positions differ only in slack
        # at c's code, which is never read again (its step below is all on the grid).
        seq, gone, n, mask, r = self.seq, self.gone, len(self.seq), self.mask, self.redeals
        f = self.first_crowded
        clear: dict = {}  # pointer q where `_stuck(q)` is False: whether it took the
        # waste's top card first (`_inherits`)
        wait = self._waits_for_below(f) if NO_BELOW else -1
        if wait == LOST_TOP:
            return []
        if STUCK:
            if inherited is None or wait >= 0:  # (known not stuck, but without the wait)
                if self._stuck(-1, wait):  # (it cuts wherever `_waits` would)
                    return []
                if INHERIT and self.p:
                    first = self.first_take
                    clear[self.p] = (first != self.p - 1 if first != UNTAKEN
                                     else self._first_takes(self.p, mask), first)
                    self.clear = (clear, mask, f, self.runs)
            elif INHERIT and self.p:
                clear[self.p] = (self._first_takes(self.p, mask), inherited)
                self.clear = (clear, mask, f, self.runs)
        elif f <= self._waits(f):
            return []
        g = seq.translate(BASES).find(0, f)  # the first base card at or above f
        if g < 0:
            g = n
        exits = self.runs < 24
        moves = []
        # Dealt to a pointer whose waste is stuck, the position is lost, and so is all
        # that dealing on reaches from it: no move there or beyond (PREFIX). So a
        # pointer's `_stuck` waits for the first move at it or beyond (`_dealt_stuck`):
        # where none comes it would cut nothing (LAZY; the same moves).
        pending: list[int] = []
        q, d = self.p, self.draw
        while True:  # the pointers dealing reaches (`pointers`: no redeal is left)
            if q:
                if PREFIX and q != self.p and not g < q - 1:
                    if not LAZY:
                        if self._stuck(q):
                            return moves
                        if INHERIT:
                            first = self.first_take
                            clear[q] = (first != q - 1, first)
                            self.clear = (clear, mask, f, self.runs)
                    else:
                        pending.append(q)
                c = seq[q - 1]
                if c & 3:
                    if not (g < q - 1 or (q == n and f < n - 1)):
                        below, here = 2 - gone[c - 1], 2 - gone[c]
                        if (below > here or (below and exits and mask >> c & 1)) and not (
                                WASTE_FIRST and q == self.p and (
                                    wait >= 0 if NO_BELOW and f < q  # (asked already)
                                    else self._played_before(c))):
                            if pending and self._dealt_stuck(pending, clear, mask, f):
                                return moves
                            moves.append((q, r, WASTE, c))
                    if FORCE and not gone[c - 1]:
                        return moves
                    if (FORCE_ALONE and gone[c - 1] == 1 and gone[c] == 2 and f < q
                            and seq.find(c) < q - 1):
                        # the same when one c-1 is on the grid (a top: no c is there),
                        # the other c lies under c in the waste and c at or above the
                        # first crowded index (it leaves before the stock is empty, so
                        # by a build): until c leaves only c can cover that c-1, so a
                        # winning line plays its moves with c there at once, c's own
                        # left out (onto the other c-1 once there, the grids differ
                        # by which c-1 is covered: the same bottoms and tops)
                        return moves
            w = q if q < n else n - 1
            if exits and not (g < w or (w == n - 1 and f < w)):
                if pending and self._dealt_stuck(pending, clear, mask, f):
                    return moves
                moves.append((q, r, EXIT, 0))
            if q == n:
                return moves
            q = q + d if q + d < n else n

    def _waits_for_below(self, f: int) -> int:
        """When the waste's top card w, at or above the first crowded index f (so it
        leaves by a build, before the stock is empty), is not played here (no grid has
        a top for it, or WASTE_FIRST leaves it out), a winning line plays it only once
        a card of code w-1 has come onto the grid: a top w-1 that w goes onto later
        either is there now, uncovered (tops are never uncovered), so w could go there
        now, or came; and the lines that play w before one came WASTE_FIRST showed lost
        (it leaves w out here and at every position after with w on top and no w-1
        come since). So the index of the next w-1 in the stock, which `_stuck` takes
        before it tries w (NO_BELOW), or LOST_TOP when none lies above w (the position
        is lost); -1 when w is played here."""
        p = self.p
        if p <= f:
            return -1
        seq = self.seq
        c = seq[p - 1]
        if not c & 3:
            return -1
        gone = self.gone
        below, here = 2 - gone[c - 1], 2 - gone[c]
        if below > here or (below and self.runs < 24 and self.mask >> c & 1):
            if not (WASTE_FIRST and self._played_before(c)):
                return -1
        k = seq.find(c - 1, p)
        return k if k >= 0 else LOST_TOP

    def _played_before(self, c: int) -> bool:
        """Whether the waste's top card, c, was played already (WASTE_FIRST), on a line
        searched before this one: the line came here from a position that could deal to
        this pointer (c the waste's top there too, at the same index), making only
        moves that took cards above c (dealt after it, or the stock's) and none of code
        c-1. Such a line and then c onto a top c-1 make the grids that c onto that top
        and then the same moves make (their pointers one lower): that top was there
        before them (no c-1 came), and uncovered throughout (tops are never uncovered),
        so none of them built on it or moved a pile onto it, and none built on c (off
        the grid till then); a pile that moves takes c along if c lies on it. That
        position offers c at this pointer before any move at it or beyond (its waste
        card first, then its refill, then the pointers dealing reaches next), so c's
        line was searched first, and lost (or the search would have ended won; or c was
        left out there too, for a line before that). So c here is left out (its line
        is lost): after a refill at this pointer, or after dealing cards on it and
        playing them all back."""
        path, undos = self.path, self.undos
        top, below, d, r = self.p, c - 1, self.draw, self.redeals
        for k in range(len(path) - 1, -1, -1):
            q, move_r, kind, _c = path[k]
            seq, p, before_r = undos[k]
            if move_r != r or before_r != r:
                return False  # (a line from an earlier pass)
            n = len(seq)
            at = q - 1 if kind == WASTE else (q if q < n else q - 1)
            if at < top or seq[at] == below:
                return False  # c or a card under it left, or a c-1 came
            if p <= top:
                # (c the waste's top there, or in the stock: dealing reaches it)
                return (top - p) % d == 0
        return False

    def _dealt_stuck(self, pending: list[int], clear: dict, mask: int, f: int) -> bool:
        """Whether the waste is stuck (`_stuck`) dealt to one of the pointers `pending`
        (in the order dealing reaches them); those found not stuck go to `clear`, for
        the children's `_inherits`, and leave `pending`."""
        for q in pending:
            if self._stuck(q):
                return True
            if INHERIT:
                first = self.first_take
                clear[q] = (first != q - 1, first)
        if INHERIT:
            self.clear = (clear, mask, f, self.runs)
        pending.clear()
        return False

    def apply(self, move: tuple, links: dict | None = None) -> tuple:
        """The move, and its family made from the old one (`explicit`: as sets, and
        `links`, when given, gets for each set made the set it came from and the bit its
        refill spent, 0 for none)."""
        q, r, kind, _c = move
        seq, n, gone = self.seq, len(self.seq), self.gone
        old = (seq, self.p, self.redeals)
        at = q - 1 if kind == WASTE else (q if q < n else q - 1)
        x = seq[at]
        step = x & 3
        here = 2 - gone[x]
        below = 2 - gone[x - 1] if step else 0
        above = 2 - gone[x + 1] if step != 3 else here
        runs = self.runs
        units = 24 - runs
        need = 1 << x if kind == WASTE and below <= here else 0  # it spends x's slack
        add = 0  # slack the card's arrival brings (see `Relaxed.apply`)
        if kind == EXIT and step and here < below:
            add |= 1 << x
        if step != 3 and here < above:
            add |= 1 << x + 1
        self.families.append(self.family)
        self.first_crowded_stack.append((self.first_crowded, runs))
        # x joins the grid (`_take`, written out: the fewest piles change around its
        # step only)
        runs -= (here - below if here > below else 0) + (above - here if above > here else 0)
        gone[x] -= 1
        here += 1
        if step == 3:
            above = here
        runs += (here - below if here > below else 0) + (above - here if above > here else 0)
        self.runs = runs
        # only codes x and x + 1 can stop being relevant (their counts moved)
        keep = -1
        if step and not (here == 1 and below == 1):
            keep ^= 1 << x
        if step != 3 and not (above == 1 and here == 1):
            keep ^= 1 << x + 1
        if runs >= 24:
            keep = add = 0  # the grid needs every pile: no slack at all
        if self.explicit:
            self.family = self._sets(need, kind, units, add, keep, links)
        else:
            ground, limits = self.family
            same = True  # the limits as they were (so still without loops or needless)
            if need:  # contraction by x (x is in some set: the move was offered)
                ground &= ~need
                if limits:
                    limits = [(cs & ~need, c - 1) if cs & need else (cs, c)
                              for cs, c in limits]
                    same = False
            elif kind == EXIT:
                rank = _rank(ground, limits) if limits else ground.bit_count()
                if rank >= units:  # truncation: every set spends one of its codes
                    limits = (*limits, (ground, rank - 1))
                    same = False
            # deletion of the codes no longer relevant, coloops of the new ones
            ground = ground & keep | add & keep
            if not limits:
                self.family = (ground, ())  # one set (most positions)
            elif same and (keep == -1 or not any(cs & ~keep for cs, _c in limits)):
                self.family = (ground, limits)
            elif len(limits) == 1:
                cs, c = limits[0]
                self.family = _normal(ground, ((cs & keep, c),))
            else:
                self.family = _normal_seen(ground, tuple([(cs & keep, c) for cs, c in limits]))
        self.seq = seq[:at] + seq[at + 1:]
        self.p = at
        self.redeals = r
        if at <= self.first_crowded:
            self.first_crowded = crowded_from(self.seq)
        return old

    def _sets(self, need: int, kind: int, units: int, add: int, keep: int,
              links: dict | None) -> tuple:
        made = []  # (set, the set it came from, the bit spent)
        if kind == WASTE:
            made = [(s & ~need, s, 0) for s in self.family if s & need or not need]
        else:
            for s in self.family:
                if s.bit_count() < units:
                    made.append((s, s, 0))  # a unit where it is not read
                else:
                    rest = s
                    while rest:
                        low = rest & -rest
                        made.append((s ^ low, s, low.bit_length() - 1))
                        rest ^= low
        family = set()
        for s, origin, spent in made:
            t = (s | add) & keep
            family.add(t)
            if links is not None and t not in links:
                links[t] = (origin, spent)
        kept: list[int] = []  # only the sets no other holds (most slack first)
        for s in sorted(family, key=int.bit_count, reverse=True):
            for t in kept:
                if not s & ~t:
                    break
            else:
                kept.append(s)
        return tuple(kept)

    def _undo(self, move: tuple, undo: tuple) -> None:
        q, _r, kind, _c = move
        seq, p, r = undo
        at = q - 1 if kind == WASTE else (q if q < len(seq) else q - 1)
        self.seq, self.p, self.redeals = seq, p, r
        self.gone[seq[at]] += 1
        self.family = self.families.pop()
        self.first_crowded, self.runs = self.first_crowded_stack.pop()

    def known_lost(self) -> bool:
        entries = self.table.get(self.seq)
        if not entries:
            return False
        p, r, n, d, family = self.p, self.redeals, len(self.seq), self.draw, self.family
        if self.explicit:
            return any(reaches(p0, r0, p, r, n, d) and _holds(f, family)
                       for p0, r0, f in entries)
        ground, limits = family
        for p0, r0, (wide, wide_limits) in entries:
            # reaches() and _holds() written out (this runs once a node)
            if r0 == r:
                if p < p0 or ((p - p0) % d and p != n):
                    continue
            elif not (r0 < r and (p % d == 0 or p == n)):
                continue
            if ground & ~wide:
                continue
            if not wide_limits:
                return True
            if limits:
                if all(_rank(cs & ground, limits) <= c for cs, c in wide_limits):
                    return True
            elif all((cs & ground).bit_count() <= c for cs, c in wide_limits):
                return True
        return False

    def _mark_lost(self) -> None:
        """Keep the position lost. The table only saves searching a position again, so
        forgetting some of it when it holds GRIDS_TABLE sequences (`_forget`; before 29
        November all of it) keeps every verdict: a
        one-pass deal at the page's 2 million nodes took 690 MB of CPython's memory
        without the bound, 136 MB with it, and lost deal 478 430,000 nodes against
        426,000. With `_stuck` more of the nodes are lost leaves, so the table fills
        sooner: at 200,000 sequences deal 551 took 246 MB (the process's peak; 209 MB
        before `_stuck`), at 100,000 132 MB (and 1.16 million nodes against 0.99), at
        70,000 97 MB (1.32 million); deal 126, undecided at 2 million, 122 MB at
        70,000 (169 at 100,000, 196 before `_stuck`)."""
        p, r, n, d, family = self.p, self.redeals, len(self.seq), self.draw, self.family
        entries = self.table.get(self.seq)
        if entries is None:
            if len(self.table) >= GRIDS_TABLE:
                self._forget()
            self.table[self.seq] = [(p, r, family)]
            return
        entries[:] = [e for e in entries
                      if not (reaches(p, r, e[0], e[1], n, d) and _holds(family, e[2]))]
        entries.append((p, r, family))

    def _forget(self) -> None:
        """Make room in the full table: keep the sequences nearest the root (the
        longest, at most half of them), whose searches were the largest, and forget
        the rest. One-pass deals 3784, 4030, 9408, 449, 6404, 1742, 2009 and 1820 are
        lost in 170,502, 163,368, 184,697, 197,217, 173,797, 166,209, 391,227 and
        516,513 nodes so; forgetting it all, 206,638, 207,453, 212,288, 212,797,
        205,037, 167,749, 674,059 and 586,455 (the first three 170,275, 163,311 and
        183,451 unbounded); forgetting the older half, 202,940, 172,454, 167,465,
        583,799 and 541,408 for the last five. In a table of a few hundred the recent
        positions matter more (deal 30 with 300: 10,556 nodes so, 8,676 forgetting
        all)."""
        table = self.table
        if not KEEP_LONG:
            table.clear()
            return
        counts = [0] * 73  # sequences of each length
        for seq in table:
            counts[len(seq)] += 1
        kept, shortest = 0, 73
        while shortest and kept + counts[shortest - 1] <= len(table) // 2:
            shortest -= 1
            kept += counts[shortest]
        for seq in [seq for seq in table if len(seq) < shortest]:
            del table[seq]

    def step(self, quota: int) -> str | None:
        """Search up to `quota` more nodes: WON (the game is won: the line in `path`),
        LOST (the game is lost), or None."""
        if self.status is not None:
            return self.status
        nodes = self.nodes
        end = nodes + quota
        stack, path, undos, table = self.stack, self.path, self.undos, self.table
        apply, unapply, children = self.apply, self._undo, self._children
        while nodes < end:
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                self._mark_lost()
                stack.pop()
                if not path:
                    self.nodes = nodes
                    self.status = LOST
                    return LOST
                unapply(path.pop(), undos.pop())
                continue
            move = moves[frame[1]]
            frame[1] += 1
            undo = apply(move)
            nodes += 1
            path.append(move)
            undos.append(undo)
            seq = self.seq
            if len(seq) < self.best_left:
                self.best_left = left = len(seq)
                self.best_path = list(path)
                if not left:
                    self.nodes = nodes
                    self.status = WON
                    return WON
            if seq in table and self.known_lost():
                unapply(path.pop(), undos.pop())
                continue
            if frame[2] is not None:
                self.inherited = self._inherits(move, undo[0], frame[2])
            stack.append([children(), 0, self.clear])
        self.nodes = nodes
        return None

    def _first_takes(self, q: int, mask: int) -> bool:
        """Whether `_stuck(q)` (in this position, with `mask`) takes the waste's top
        card first, rather than the stock's."""
        c = self.seq[q - 1]
        runs, gone = self.runs, self.gone
        if runs > 24 or not c & 3:
            return False
        gone_below = gone[c - 1]
        if not (gone_below < gone[c] or (gone_below < 2 and runs < 24)):
            return False
        return not COVER or 2 - gone_below > (gone[c] == 1 and gone_below == 1
                                               and not mask >> c & 1)

    def _inherits(self, move: tuple, seq: bytes, clear: tuple) -> int | None:
        """Whether `_stuck()` is known False in the position `move` just made from the
        one with sequence `seq` (INHERIT). There `_stuck(q)` was False at the pointers
        `clear` holds, each with whether it took the waste's top card first (else the
        stock's). After the waste's card at q where it took that card first, or a
        refill from the stock at q where it took the stock's top first, the child's
        `_stuck()` starts where the parent's went on from, with the same counts and
        first crowded index, and what it knows of the tops covered for good differs
        only where its mask has lost a bit the parent's had, at the card's own code
        (the parent's knew that card covering a top, after the waste's card) and at
        the code above it. Where the child knows no more, every card it takes it takes
        no later than the parent's did (with j no greater, the same grid at the
        parent's j), so it is not stuck either, and the search is the same, node for
        node. With SHARED the child's family may also say more than the parent's run
        read: a refill that truncated it, or x taking the slack at its relevant code
        while its x-1 was in the stock (the parent's run counted that slack only while
        j had not passed that x-1); then it inherits nothing.
        A refill at q where the parent's run took the waste's card first inherits too
        (FIRST_TAKE) when that run's cards up to its first stock card (`first`) hold
        none of x's sequence and x adds no pile to the fewest (`runs`): the child's
        run then builds those cards as the parent's did (each sequence's piles apart,
        the others as they were), and with x there is where the parent's went on from
        after it took x. So a pointer's entry in `clear` is (whether it took the
        waste's card first, the waste index at its first stock card or UNTAKEN), of
        the parent's own run there or, at its own pointer when it inherited, of the
        run it inherited from (which went on from this position, knowing no less: the
        same argument). Returns None (run `_stuck()`), or that pointer's `first` for
        the child."""
        q, _r, kind, _c = move
        pointers, parent_mask, f, parent_runs = clear
        run = pointers.get(q)
        if run is None:
            return None
        took, first = run
        if kind == WASTE:
            if not took:
                return None
            at = q - 1
        elif q < len(seq) and (not took or (
                FIRST_TAKE and first != UNTAKEN and self.runs <= parent_runs
                and seq[first + 1:q].translate(SEQUENCE).find(seq[q] >> 2) < 0)):
            at = q
        else:
            return None  # (the waste's top card refilled: another line of `_stuck`)
        if at <= f or self.first_crowded != f:
            return None
        x = seq[at]
        ground = self._ground()
        if parent_mask & ~ground & ~(3 << x):
            return None  # the child knows of more tops covered
        gone = self.gone
        # the child knows the one x-1 on the grid covered (it had x in the sequence:
        # the parent did not) or the one x there (the parent had none)
        if kind != WASTE and x & 3 and gone[x] == 1 and gone[x - 1] == 1 \
                and not ground >> x & 1:
            return None
        limits = self.family[1]
        if SHARED and limits:
            # the child's limits say more than the parent's run read: a refill that
            # truncated the family, or x spending the slack at its relevant code while
            # its x-1 was still in the stock (the parent's run let x wait for it)
            if kind != WASTE:
                if limits != self.families[-1][1]:
                    return None
            elif x & 3 and not gone[x] and gone[x - 1] == 1 and seq.find(x - 1) >= q:
                return None
        if x & 3 != 3 and gone[x + 1] == 1 and gone[x] == 1 and not ground >> x + 1 & 1:
            return None
        return first if kind == WASTE else UNTAKEN

    def spent(self, line: list[tuple], limit: int | None = None) -> list[tuple] | None:
        """`line`, a line of this search from its root, with each refill naming the
        relevant code whose slack it spends, or 0 for a unit where it is not read
        (`on_grid` plays it on the grid): a search over the sets each move makes from
        one set (the whole family of a long line can be large), each (move, set) that
        failed once left alone after. None when more than `limit` sets were tried."""
        seq, p, redeals, mask = self.root
        twin = Grids(seq, p, redeals, self.draw, self.passes, mask, explicit=True)
        out: list[tuple] = []
        failed: set = set()
        tried = 0
        wanted: dict = {}  # code: the indices of the line's waste cards of that code
        for j, (_q, _r, kind, c) in enumerate(line):
            if kind == WASTE:
                wanted.setdefault(c, []).append(j)

        def needed(code: int, i: int) -> int:
            return next((j for j in wanted.get(code, ()) if j > i), len(line)) if code else -1

        def search(i: int) -> bool | None:
            nonlocal tried
            if i == len(line):
                return True
            s = twin.family[0]
            if (i, s) in failed:
                return False
            move = line[i]
            links: dict = {}
            undo = twin.apply(move, links)
            # spend first the slack the line needs last (or never): as a cache would
            choices = sorted(links.items(), key=lambda item: -needed(item[1][1], i))
            for t, (_origin, spent) in choices:
                tried += 1
                if limit is not None and tried > limit:
                    return None
                twin.family = (t,)
                out.append(move if move[2] == WASTE else move[:3] + (spent,))
                found = search(i + 1)
                if found is not False:
                    return found
                out.pop()
            twin._undo(move, undo)
            failed.add((i, s))
            return False

        found = search(0)
        if found is None:
            return None
        if not found:
            raise AssertionError("a line of the search cannot be played on any grid")
        return out


class Beam:
    """A beam search over the core's progress moves (limited passes, before the last
    pass). Each layer is made of the children of the layer before (`Core._children`: the
    same moves and cuts): every child is scored from its parent and its move alone
    (`score`), and the best ones are made, each position once, until `width` of them
    are kept. All positions of a layer have the same number of cards left in the
    sequence (a progress move takes one out), so the score ranks what they keep for
    later: the deals left to them (the cards still to come this pass and the passes
    left) and the base cards still in the sequence (only a refill brings one in), and
    in some runs the piles its grid's cards need at fewest (the exits on offer). A
    line of the beam that reaches an empty sequence is a winning line; the beam is not
    exhaustive, so it proves nothing lost. Runs of growing width follow each other
    until the budget is spent: first those of `FIRST` (a width, a base's cost, a cap:
    at most so many children of a layer with the same sequence, pointer and redeals,
    while others are left, and a pile's cost, `score`), then those of `RUNS` (then
    half as wide again every two
    runs), each with every cap of a series of `SERIES` by turns, until the width would
    pass the series' widest (WIDEST for the wide one, then MAX_WIDTH), then the next
    series from the narrowest; a run made before is not made again. `step(quota)`
    returns WON
    (the line in `line`) or None and resumes where it stopped. A node is a position
    expanded, a child made, or CHARGE moves scored. Its moves are those at the pointers
    up to HORIZON cards dealt (`BeamCore`), until a run's every line ends within it with
    no child left out: then the runs after it make them all. The positions its lines
    make entering the second of three passes are decided exactly by its `tail`
    (`Tail`), from TAIL_FROM nodes of its own on, and from BRANCH_FROM on it runs again
    from each of its root's children (`Branches`)."""

    # the runs: (width, what a base card still in the sequence costs, see `score`)
    RUNS = ((8, 6), (32, 6), (32, 4), (128, 6), (128, 4))
    # (the caps per sequence, `step`, 0 for none, or None for the runs of FIRST; the
    # widths it makes: wider than its first, 0 for none, up to its second): each width
    # runs once with each cap of a series by turns, then the next series from its
    # narrowest. FIRST up to SMALL, then capped at one up to WIDEST: the deals won late
    # were won by the wide runs capped at one, after every run up to MAX_WIDTH; then the
    # runs up to MAX_WIDTH uncapped and capped at two that FIRST left out
    SERIES = ((None, "", "SMALL"), ((1,), "SMALL", "WIDEST"), ((0, 2), "", "MAX_WIDTH"))
    # the first series' runs (None above), in order: (width, base, cap, piles), `base`
    # and `piles` as in `score` (6: a base card costs 3 deals, 4: 2). The narrow ones
    # with both caps and both costs; from 192 on (the widths of `_run_width`, up to
    # SMALL) capped at one with both costs, then uncapped with 4: the runs of 128 and
    # the uncapped ones with 6 won few deals the others did not, and cost the wider
    # runs' turn (see the module's docstring, 29 November). The runs with `piles`, four
    # after those of 32 and three before the uncapped one of 192, won most of the deals
    # that only
    # the runs of 432 and wider won before (the module's docstring, 29 November)
    FIRST = ((8, 6, 1, 0), (8, 6, 0, 0), (32, 6, 1, 0), (32, 6, 0, 0), (32, 4, 1, 0),
             (32, 4, 0, 0), (64, 10, 1, 4), (64, 8, 1, 2), (96, 16, 1, 8), (128, 2, 1, 2),
             (192, 6, 1, 0), (192, 4, 1, 0), (96, 6, 1, 6), (192, 10, 1, 4), (192, 4, 1, 4),
             (192, 4, 0, 0)) + tuple(
        (width, base, cap, 0) for width in (288, 432, 648, 972)
        for base, cap in ((6, 1), (4, 1), (4, 0)))
    SMALL = 972
    MAX_WIDTH = 4_096  # (a layer's scored moves, about 100 a position, take some 30 MB
    # there)
    WIDEST = 12_000  # then it stops, and the rest of its budget goes to the search from
    # the root
    HORIZON = 6  # the beam's moves: at the pointers up to so many cards dealt (`BeamCore`)

    def __init__(self, bottoms: list[int], tops: list[int], seq: bytes, p: int,
                 redeals: int, draw: int, passes: int, relaxed: Relaxed | None = None,
                 helped: bool = True) -> None:
        self.core = BeamCore(bottoms[:], tops[:], seq, p, redeals, draw, passes, shake=False)
        self.core.horizon = self.HORIZON
        self.passes = passes
        bases = sum(1 for c in seq if not c & 3)
        # a position: the grid, sequence, pointer and redeals, its base cards still in
        # the sequence, the link to its parent, its grid's fewest piles (`score`)
        self.root = (bytes(bottoms), bytes(tops), seq, p, redeals, bases, None,
                     fewest_piles(seq))
        self.relaxed = relaxed  # its lost positions are lost here too
        self.nodes = 0
        self.run = 0
        self.line: list[tuple] | None = None
        self.best_left = len(seq)
        self.best_line: list[tuple] = []
        self.done = False  # nothing left to try: a run left no child out, or MAX_WIDTH
        self.series = 0
        self.cap = self.piles = 0
        self.capping, self.per_seq, self.overflow = False, {}, []
        self.made: set = set()  # (width, base, cap, piles, horizon) of the runs made
        # the positions its lines make entering the last two passes, decided exactly,
        # and the beam again from each of the root's children (not a branch's own beam)
        self.tail = Tail(draw, passes) if passes >= 3 and helped else None
        self.branches = Branches(self) if passes >= 3 and helped else None
        self._start()

    def _start(self) -> None:
        while True:
            caps, low, high = self.SERIES[self.series]
            low, high = getattr(self, low) if low else 0, getattr(self, high)
            if caps is None:
                # the first series: the runs of FIRST in order, up to its widest
                first = self.FIRST
                self.width, self.base, cap, piles = (first[self.run] if self.run < len(first)
                                                     else (high + 1, 0, 0, 0))
            else:
                self.width, self.base = self._run_width(self.run // len(caps))
                cap, piles = caps[self.run % len(caps)], 0
            if self.width <= low:
                self.run += len(caps)  # made by an earlier series
            elif self.width > high and self.series + 1 < len(self.SERIES):
                self.series += 1  # the next series, from its narrowest
                self.run = 0
            elif (self.width, self.base, cap, piles, self.core.horizon) in self.made:
                self.run += 1  # the same run as an earlier one: the beam is deterministic
            else:
                break
        self.cap, self.piles = cap, piles
        self.run += 1
        self.made.add((self.width, self.base, cap, piles, self.core.horizon))
        if self.width > high:
            self.done = True
        self.layer = [self.root]
        self.at = 0  # the next position of `layer` to expand
        self.candidates: list[tuple] = []  # (score, parent's index, move) of the next layer
        self.chosen: list[tuple] | None = None  # the next layer, once its turn comes
        self.seen: set = set()
        self.cut = False  # whether a layer of this run left a child out
        self.core.truncated = False  # or a pointer past the horizon

    def _run_width(self, run: int) -> tuple[int, int]:
        """(width, base) of the run-th run (0-based) of a series."""
        runs = self.RUNS
        if run < len(runs):
            return runs[run]
        # then the last two by turns, wider by half every two runs
        width, base = runs[len(runs) - 2 + run % 2]
        k = (run - len(runs)) // 2 + 1
        return width * 3 ** k // 2 ** k, base

    def score(self, position: tuple, move: tuple) -> int:
        """Twice the child's deals left (each card still to come this pass, and each of
        the passes left, counts 1 per card) less `base` per base card still in the
        sequence (a base then costs base / 2 / draw deals), and less `piles` per pile
        the child's grid's cards need at fewest (24 less its slack, see `Relaxed`: the
        exits on offer; slack is at most the base cards still to come, each of which
        needs an exit, and a grid that needs all 24 piles brings none in)."""
        return self.score_of(position[2], position[5], self.passes, self.base, move,
                             self.piles)

    @staticmethod
    def score_of(seq: bytes, bases: int, passes: int, base: int, move: tuple,
                 piles: int = 0) -> int:
        """`score` of a move from a position with this sequence and `bases`."""
        q, r, kind, _c = move
        n = len(seq)
        if kind == WASTE:
            p = q - 1
        else:
            p = q if q < n else q - 1
            if not seq[p] & 3:
                bases -= 1
        n -= 1
        score = 2 * ((passes - 1 - r) * n + n - p) - base * bases
        return score - piles * fewest_piles(seq[:p] + seq[p + 1:]) if piles else score

    def step(self, quota: int) -> str | None:
        core = self.core
        relaxed = self.relaxed
        end = self.nodes + quota
        tail, branches = self.tail, self.branches
        # below both thresholds neither helper has a turn (one comparison a position)
        helped_from = (min(TAIL_FROM, BRANCH_FROM) if tail is not None or branches is not None
                       else end)
        while self.nodes < end and not self.done:
            if self.chosen is None:
                if self.nodes > helped_from:
                    verdict = self._help(end)
                    if verdict == WON:
                        return WON
                    if verdict is not None:
                        continue  # a helper had its turn
                # expand the layer: its positions' moves, scored
                if self.at < len(self.layer):
                    position = self.layer[self.at]
                    self._load(position)
                    index = self.at
                    self.at += 1
                    # the moves with their `score`, made at once (most of the beam's time)
                    scored = core.scored(index, self.base, position[5], self.piles,
                                         position[7])
                    self.nodes += 1 + len(scored) // CHARGE
                    self.candidates += scored
                    continue
                # best first; equal scores in the order made (parents, then their moves)
                self.candidates.sort(key=itemgetter(0), reverse=True)
                self.chosen = []
                self.pick = 0
                self.capping, self.per_seq, self.overflow = bool(self.cap), {}, []
                continue
            if self.pick < len(self.candidates) and len(self.chosen) < self.width:
                _score, index, move = self.candidates[self.pick]
                self.pick += 1
                parent = self.layer[index]
                if self.capping:
                    # at most `cap` children of a layer with the same sequence, pointer
                    # and redeals (most children differ only in which pile paid for a
                    # refill: a layer of 288 could hold 5 sequences); the rest wait in
                    # `overflow` for the places left once every candidate was seen
                    q, r, kind, _c = move
                    pseq = parent[2]
                    n = len(pseq)
                    at = q - 1 if kind == WASTE else (q if q < n else q - 1)
                    ckey = (pseq, at, r)  # the card taken, which is the child's pointer
                    count = self.per_seq.get(ckey, 0)
                    if count >= self.cap:
                        self.overflow.append(self.candidates[self.pick - 1])
                        continue
                    self.per_seq[ckey] = count + 1
                self._load(parent)
                undo = core.apply(move)
                self.nodes += 1
                seq = core.seq
                if not seq:
                    self.line = self._line(parent) + [move]
                    return WON
                key = (bytes(core.bottoms), bytes(core.tops), seq, core.p, core.redeals)
                if key in self.seen or (relaxed is not None and seq in relaxed.failed and (
                        relaxed.lost(seq, core.p, core.redeals, relevant(
                                     exits_mask(core.bottoms, core.tops), seq)))):
                    continue  # (the mask, 48 steps, only for a sequence the table holds)
                self.seen.add(key)
                card = move[3] if move[2] == WASTE else undo[3]  # the card taken
                bases = parent[5] - (not card & 3)
                runs = parent[7] + _joins(parent[2], card)
                self.chosen.append(key + (bases, (move, parent), runs))
                if (tail is not None and core.redeals == tail.redeals > parent[4]
                        and self.nodes - tail.nodes - (branches.nodes if branches else 0)
                        >= TAIL_FROM):
                    tail.add(core, self._line(parent) + [move])
                if len(seq) < self.best_left:
                    self.best_left = len(seq)
                    self.best_line = self._line(parent) + [move]
                continue
            if self.overflow and len(self.chosen) < self.width:
                # every candidate seen: fill the layer with those the cap held back
                self.candidates, self.pick = self.overflow, 0
                self.overflow, self.capping = [], False
                continue
            # the next layer is made
            self.cut = self.cut or self.pick < len(self.candidates) or bool(self.overflow)
            self.layer, self.at = self.chosen, 0
            self.candidates, self.chosen, self.seen = [], None, set()
            if not self.layer:
                if not self.cut:
                    if core.truncated:
                        # every line within the horizon ended: the runs from now on
                        # look at every pointer
                        core.horizon, core.truncated = 0, False
                        self._start()
                        continue
                    self.done = True  # no child was left out: a wider run would be the same
                    return None
                self._start()  # every line came to a dead end: a wider run
        return None

    def _help(self, end: int) -> str | None:
        """The helpers' turn, between two positions expanded, if one is due: the tail
        (at most as many nodes as the beam has made of its own since TAIL_FROM), then
        the branches (a BRANCH_SHARE-th of those since BRANCH_FROM). WON (the line in
        `line`), UNKNOWN when one had its turn, None when neither was due."""
        tail, branches = self.tail, self.branches
        tail_nodes = tail.nodes if tail is not None else 0
        branch_nodes = branches.nodes if branches is not None else 0
        for helper, due in ((tail, tail.due(self.nodes - branch_nodes) if tail else 0),
                            (branches,
                             branches.due(self.nodes - tail_nodes) if branches else 0)):
            if due:
                before = helper.nodes
                verdict = helper.step(min(end - self.nodes, due))
                self.nodes += helper.nodes - before
                if verdict == WON:
                    self.line = helper.line
                    return WON
                return UNKNOWN
        return None

    def release(self) -> None:
        """Drop the layers once the beam is done (its count and best line stay): at
        wide runs they hold some 50,000 scored moves."""
        self.done = True
        self.layer, self.candidates, self.chosen, self.seen = [], [], None, set()
        self.tail = self.branches = None

    def _load(self, position: tuple) -> None:
        core = self.core
        core.bottoms, core.tops = list(position[0]), list(position[1])
        core.seq, core.p, core.redeals = position[2], position[3], position[4]

    @staticmethod
    def _line(position: tuple) -> list[tuple]:
        line = []
        link = position[6]
        while link is not None:
            move, parent = link
            line.append(move)
            link = parent[6]
        line.reverse()
        return line


class Tail:
    """The positions the beam's lines make as they enter the last two passes (the
    second of three), each decided exactly by `Grids`, the fewest cards left first.
    `Grids` is the game itself without the grid, whatever the passes (checked against
    the plain search with three), and cheap there: on three-pass deal 4321 all 16,942
    such positions of 8 million nodes of beam were decided, 16,939 lost, within 300,000
    nodes each and 215 s of CPU in all (its last pass, entered, is decided within 10
    nodes). The beam ranks a pass's positions by what they keep for later, blind to
    whether the passes left can be won; here they are searched to the end, one table
    shared (a lost position is lost whatever the root). A win is the beam's line to
    the position, then `Grids`'s, its piles named (`spent`, `on_grid`). Positions are
    taken from TAIL_FROM beam nodes on, and the tail spends at most as many nodes as
    the beam has made since (`due`)."""

    def __init__(self, draw: int, passes: int) -> None:
        self.draw, self.passes = draw, passes
        self.redeals = passes - 2  # the pass whose positions it takes, as they enter it
        self.heap: list[tuple] = []  # (cards left, order, bottoms, tops, key, line to it)
        self.seen: set = set()
        self.table: dict = {}  # `Grids.table`, shared
        self.grids: Grids | None = None  # the search of `entry`, resumable
        self.entry: tuple = ()
        self.nodes = 0
        self.line: list[tuple] | None = None

    def add(self, core: Core, line: list[tuple]) -> None:
        """`core`'s position, reached by `line` from the root (each position once)."""
        seq = core.seq
        key = (seq, core.p, core.redeals, relevant(exits_mask(core.bottoms, core.tops), seq))
        if key in self.seen:
            return
        self.seen.add(key)
        heapq.heappush(self.heap, (len(seq), len(self.seen), bytes(core.bottoms),
                                   bytes(core.tops), key, line))

    def due(self, nodes: int) -> int:
        """The nodes the tail may make now (0: the beam's turn), the beam and the tail
        having made `nodes`: the beam's own since TAIL_FROM less the tail's."""
        if self.grids is None and not self.heap:
            return 0
        return max(0, nodes - TAIL_FROM - 2 * self.nodes)

    def step(self, quota: int) -> str | None:
        """Decide positions for up to `quota` nodes: WON (the whole line in `line`) or
        None."""
        end = self.nodes + quota
        while self.nodes < end:
            if self.grids is None:
                if not self.heap:
                    return None
                self.entry = heapq.heappop(self.heap)
                seq, p, r, mask = self.entry[4]
                self.grids = Grids(seq, p, r, self.draw, self.passes, mask)
                self.grids.table = self.table
            grids = self.grids
            before = grids.nodes
            verdict = grids.step(min(end - self.nodes, TAIL_NODES - grids.nodes))
            self.nodes += grids.nodes - before
            if verdict == WON:
                _left, _order, bottoms, tops, (seq, p, r, _mask), line = self.entry
                core = Core(list(bottoms), list(tops), seq, p, r, self.draw, self.passes,
                            shake=False)
                self.line = line + on_grid(core, grids.spent(grids.path))
                return WON
            if verdict is not None or grids.nodes >= TAIL_NODES:
                self.grids = None  # lost, or out of its budget: the next position
        return None


class Branches:
    """The beam again from each child of its root (a position one progress move from
    it, each sequence, pointer and redeals once, best first by the first run's score),
    each beam alone with up to BRANCH_NODES nodes, once the root's beam has made
    BRANCH_FROM nodes of its own, in at most a quarter of the nodes it makes after that
    (BRANCH_SHARE, `due`). A layer of the root's beam ranks the descendants of every
    child against each other, and one child's may all lose their places to the others'
    for good: three-pass deal 4321, undecided at 50 million nodes (every line three
    cards short; the 10,496 positions that 8 million nodes of beam made entering the
    second pass all lost, within 390,000 nodes each), is won by the beam from the root's
    best child alone in 113,219 nodes. That child has the stock's top card refilled
    before the first deal, and then two base cards can be refilled too, which once dealt
    would lie at the bottom of the waste through every pass. A branch's beam has no tail
    nor branches of its own, and its win is the child's move, then its line."""

    def __init__(self, beam: Beam) -> None:
        self.beam = beam
        self.children: list[tuple] | None = None  # the moves to them, best first (`_order`)
        self.at = 0  # the next child's index
        self.search: Beam | None = None  # the beam from the current child
        self.move: tuple = ()  # the move to the current child
        self.nodes = 0
        self.line: list[tuple] | None = None

    def due(self, nodes: int) -> int:
        """The nodes the branches may make now (0: the beam's turn), the beam and the
        branches having made `nodes`: a BRANCH_SHARE-th of the beam's own since
        BRANCH_FROM, less theirs."""
        if self.children is not None and self.search is None and self.at >= len(self.children):
            return 0  # every child's beam made
        return max(0, (nodes - self.nodes - BRANCH_FROM) // BRANCH_SHARE - self.nodes)

    def _order(self) -> list[tuple]:
        """The root's moves as the first run scores them (its width, base and piles, the
        beam's horizon), best first, a move to a sequence, pointer and redeals met before
        left out."""
        beam = self.beam
        root = beam.root
        core = BeamCore(list(root[0]), list(root[1]), root[2], root[3], root[4], beam.core.draw,
                        beam.passes, shake=False)
        core.horizon = beam.HORIZON
        _width, base, _cap, piles = beam.FIRST[0]
        scored = core.scored(0, base, root[5], piles, root[7])
        scored.sort(key=itemgetter(0), reverse=True)
        moves, seen = [], set()
        for _score, _index, move in scored:
            undo = core.apply(move)
            key = (core.seq, core.p, core.redeals)
            core.unapply(move, undo)
            if key not in seen:
                seen.add(key)
                moves.append(move)
        return moves

    def step(self, quota: int) -> str | None:
        """Run the children's beams for up to `quota` nodes: WON (the whole line in
        `line`) or None."""
        if self.children is None:
            self.children = self._order()
        end = self.nodes + quota
        while self.nodes < end:
            if self.search is None:
                if self.at >= len(self.children):
                    return None
                self.move = self.children[self.at]
                self.at += 1
                root = self.beam.root
                core = BeamCore(list(root[0]), list(root[1]), root[2], root[3], root[4],
                                self.beam.core.draw, self.beam.passes, shake=False)
                core.apply(self.move)
                self.search = Beam(core.bottoms, core.tops, core.seq, core.p, core.redeals,
                                   core.draw, core.passes, helped=False)
            search = self.search
            before = search.nodes
            verdict = search.step(min(end - self.nodes, BRANCH_NODES - search.nodes))
            self.nodes += search.nodes - before
            if verdict == WON:
                self.line = [self.move] + search.line
                return WON
            if search.done or search.nodes >= BRANCH_NODES:
                search.release()
                self.search = None
        return None


class Follow:
    """A winning line of `Relaxed` played on the grid: its progress moves in its order,
    a refill there naming no pile, here each pile that can leave its cell (a search over
    those choices, each grid once a move). WON when some choice plays every move (the
    line with its piles in `line`: the game is won), LOST when none does (that says
    nothing of the game: another line may win). `step(quota)` resumes."""

    def __init__(self, core: Core, line: list[tuple]) -> None:
        self.core = Core(core.bottoms[:], core.tops[:], core.seq, core.p, core.redeals,
                         core.draw, core.passes, shake=False)
        self.moves = line
        self.nodes = 0
        self.seen: set = set()
        self.path: list[tuple] = []
        self.undos: list[tuple] = []
        self.line: list[tuple] | None = None
        self.stack = [[self._options(), 0]]

    def _options(self) -> list[tuple]:
        q, r, kind, _c = self.moves[len(self.path)]
        bottoms, tops, seq = self.core.bottoms, self.core.tops, self.core.seq
        if kind == WASTE:
            c = seq[q - 1]
            return [(q, r, WASTE, c)] if c & 3 and tops[c - 1] else []
        return [(q, r, EXIT, b) for b in range(48) if b & 3 and bottoms[b] and tops[b - 1]]

    def step(self, quota: int) -> str | None:
        core, stack, path, undos = self.core, self.stack, self.path, self.undos
        end = self.nodes + quota
        while self.nodes < end:
            frame = stack[-1]
            if frame[1] >= len(frame[0]):
                stack.pop()
                if not path:
                    return LOST
                core.unapply(path.pop(), undos.pop())
                continue
            move = frame[0][frame[1]]
            frame[1] += 1
            undos.append(core.apply(move))
            path.append(move)
            self.nodes += 1
            if len(path) == len(self.moves):
                self.line = list(path)
                return WON
            key = (len(path), bytes(core.bottoms), bytes(core.tops))
            if key in self.seen:
                core.unapply(path.pop(), undos.pop())
                continue
            self.seen.add(key)
            stack.append([self._options(), 0])
        return None


def on_grid(core: Core, line: list[tuple]) -> list[tuple]:
    """A winning line of `Grids` (`Grids.spent`: each refill names the relevant code
    whose slack it spends, or 0 for a unit elsewhere) as the core's moves from `core`'s
    position, which it leaves as it was: a refill takes a pile with that bottom, or any
    pile whose bottom's code is not relevant (each leads to the same position)."""
    core = Core(core.bottoms[:], core.tops[:], core.seq, core.p, core.redeals,
                core.draw, core.passes, shake=False)
    moves = []
    for q, r, kind, c in line:
        if kind == EXIT and not c:
            bottoms, tops, seq = core.bottoms, core.tops, core.seq
            c = next(b for b in range(48) if b & 3 and bottoms[b] and tops[b - 1]
                     and not relevant(1 << b, seq))
        move = (q, r, kind, c)
        core.apply(move)
        moves.append(move)
    return moves


def _codes(game):
    from .devils_grip import CODE

    bottoms, tops = [0] * 48, [0] * 48
    for cell in game.cells:
        bottoms[CODE[cell[0]]] += 1
        tops[CODE[cell[-1]]] += 1
    seq = bytes([CODE[card] for card in game.waste] + [CODE[card] for card in reversed(game.stock)])
    return bottoms, tops, seq


class DevilsGripSearch(Sliced):
    """A resumable search of a Devil's Grip position (which it does not change), with the
    interface of `search.Search`: `step(quota)` searches up to `quota` more nodes and
    returns the Solution once decided or out of budget; `progress`, `nodes`, `seconds`.
    A grid with empty cells (set up by hand: in play a cell is refilled at once) goes to
    the generic search."""

    def __init__(self, game, max_nodes: int = 2_000_000,
                 max_seconds: float | None = None, probing: bool = True) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.result: Solution | None = None
        self.core: Core | None = None
        self.relaxed: Relaxed | None = None  # searched beside the core until it decides
        self.probes: list[tuple[list[str], object]] = []  # (the moves to it, a position)
        self.probe: DevilsGripSearch | None = None  # the search of probes[0], once begun
        self.probe_budget = 0  # see `_probe`
        self.probe_nodes = 0  # of the probes done
        self.probe_best: tuple[list[str], Solution] | None = None  # the best line of one
        self.beam: Beam | None = None  # the beam search, first of all (see `_probe`)
        self.beam_budget = 0
        self.follow: Follow | None = None  # the root's winning line of `relaxed`, on the grid
        self.follow_nodes = 0
        self.generic = None
        self.grids: Grids | None = None  # with one pass: the exact search, alone
        if not all(game.cells):
            from .devils_grip import RULES
            from .search import Search

            self.generic = Search(game, RULES, max_nodes, max_seconds)
            return
        if not game.stock and not game.waste:
            self.result = Solution(WON, [], 0, 0, 0.0)
            return
        bottoms, tops, seq = _codes(game)
        draw, passes = game.options["draw"], game.options["passes"]
        self.core = Core(bottoms, tops, seq, len(game.waste), game.redeals, draw, passes)
        if passes == 1 and GRIDS:
            # the game itself without the grid: it decides both ways, alone (see
            # `Grids`; the searches below are made but not run)
            self.grids = Grids(seq, len(game.waste), game.redeals, draw, passes,
                               exits_mask(bottoms, tops))
        if passes:
            self.relaxed = self.core.relaxed = Relaxed(seq, len(game.waste), game.redeals,
                                                       draw, passes,
                                                       mask=exits_mask(bottoms, tops))
            if probing and game.redeals + 1 < passes:
                self.beam = Beam(bottoms, tops, seq, len(game.waste), game.redeals, draw,
                                 passes, self.relaxed)
                self.beam_budget = max_nodes * BEAM_SHARE // 8
                self._probe()

    def _probe(self) -> None:
        """Before the last pass the search first tries lines of its own choosing: the
        hint's rules by sight (`by_sight`: cheap, no search) played to the end of each
        pass but the last, and from each of those positions a search of the passes left,
        the latest first (it has the fewest choices left, and is decided soon). The
        probes share PROBE_SHARE eighths of the budget (after the beam's BEAM_SHARE): a
        later pass's may use an eighth of what is left,
        the current pass's all the rest (deal 10's needs 159,643 nodes). The search from
        the root finds few wins with three passes (deal 873, which the hint player wins,
        not within 2 million nodes): it spends its budget on the first pass, where every
        choice is still open. A probe's win is a win; anything else says nothing but its
        best line, and the search goes on from the root."""
        from .devils_grip import by_sight  # the hint's rules (that module imports this one)

        line = copy.deepcopy(self.game)
        moves: list[str] = []
        last = self.game.options["passes"] - 1
        while not line.is_over() and line.redeals < last:
            if moves and not line.stock and (
                    not self.probes or self.probes[-1][1].redeals < line.redeals):
                self.probes.append((list(moves), copy.deepcopy(line)))
            move = by_sight(line)
            moves.append(str(move))
            line.push(move)
        self.probes.reverse()
        self.probe_budget = self.max_nodes * PROBE_SHARE // 8

    def _next_probe(self) -> DevilsGripSearch:
        """The search of the next probe's position, made when its turn comes."""
        if self.probe is None:
            left = self.probe_budget - self.probe_nodes
            if len(self.probes) > 1:
                left //= 8  # a later pass's probe has few choices left: it is decided soon
            self.probe = DevilsGripSearch(self.probes[0][1], max(1, left), probing=False)
        return self.probe

    @property
    def nodes(self) -> int:
        if self.generic is not None:
            return self.generic.nodes
        if self.core is None:
            return 0
        if self.result is not None:
            return self.result.nodes  # (a finished search frees its tables and counts)
        if self.grids is not None:
            return self.grids.nodes
        probing = self.probe.nodes if self.probe is not None else 0
        return (self.core.nodes + (self.relaxed.nodes if self.relaxed else 0)
                + self.follow_nodes + self.probe_nodes + probing
                + (self.beam.nodes if self.beam else 0))

    @property
    def progress(self) -> float:
        if self.generic is not None:
            return self.generic.progress
        return 1.0 if self.result else min(1.0, self.nodes / self.max_nodes)

    def step(self, quota: int) -> Solution | None:
        if self.generic is not None:
            solution = self.generic.step(quota)
            self.seconds = self.generic.seconds
            return solution
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        quota = min(quota, self.max_nodes - self.nodes)
        status = None
        if self.grids is not None:
            status = self.grids.step(max(0, quota))
            if status == WON:
                self.core.line = on_grid(self.core, self.grids.spent(self.grids.path))
            return self._close(status, started)
        beam = self.beam
        if beam is not None and not beam.done and beam.nodes < self.beam_budget and quota > 0:
            before = beam.nodes
            if beam.step(min(quota, self.beam_budget - beam.nodes)) == WON:
                status = WON
                self.probes, self.probe = [], None
            elif beam.done or beam.nodes >= self.beam_budget:
                beam.release()  # its layers are not needed by the search from the root
            quota -= beam.nodes - before
        while self.probes and quota > 0 and status is None:
            probe = self._next_probe()
            moves = self.probes[0][0]
            before = probe.nodes
            found = probe.step(quota)
            if found is None:
                if probe.nodes == before:
                    break  # (never seen: a slice that searched nothing)
                quota -= probe.nodes - before
                continue
            self.probes.pop(0)
            self.probe = None
            self.probe_nodes += found.nodes
            quota -= found.nodes - before
            if found.status == WON:
                self.probes, self.probe = [], None
                status = WON
            if self.probe_best is None or found.value > self.probe_best[1].value:
                self.probe_best = (moves, found)
        relaxed = self.relaxed
        if status is not None or self.probes:
            relaxed = None  # the probes' turn, or a probe's win
        if relaxed is not None and relaxed.status is None:
            # most of each slice to the search without the grid, until it decides: LOST
            # there is the answer; WON there says nothing, and its table stays in use
            before = relaxed.nodes
            verdict = relaxed.step(max(1, quota * 7 // 8))
            if verdict == LOST:
                status = LOST
            elif verdict == WON and not relaxed.seq:
                # a whole line: played on the grid, with each choice of piles, it may win
                self.follow = Follow(Core(*_codes(self.game), len(self.game.waste),
                                          self.game.redeals, self.core.draw,
                                          self.core.passes, shake=False), list(relaxed.path))
            quota -= relaxed.nodes - before
        follow = self.follow
        if status is None and follow is not None and quota > 0:
            before = follow.nodes
            verdict = follow.step(min(quota, FOLLOW_NODES - follow.nodes))
            self.follow_nodes += follow.nodes - before
            quota -= follow.nodes - before
            if verdict == WON:
                status = WON
                self.core.line = follow.line
            elif verdict == LOST or follow.nodes >= FOLLOW_NODES:
                self.follow = None
        if status is None and not self.probes:
            status = self.core.step(max(0, quota))
        return self._close(status, started)

    def _close(self, status: str | None, started: float) -> Solution | None:
        """The end of a slice: the answer once decided or out of budget."""
        self.seconds += time.perf_counter() - started
        if status is None and (self.nodes >= self.max_nodes or (
                self.max_seconds is not None and self.seconds >= self.max_seconds)):
            status = UNKNOWN
        if status is not None:
            self.result = self._finish(status)
        return self.result

    def _finish(self, status: str) -> Solution:
        core, probe, beam = self.core, self.probe_best, self.beam
        nodes = self.nodes
        grids = self.grids
        if grids is not None:
            self.grids = None
            line = grids.best_path
            while status != WON and line:
                # (a long line's piles may take long to find: then a shorter part of it)
                best = grids.spent(line, SPENT_LIMIT)
                if best is not None:
                    core.best_path = on_grid(core, best)
                    break
                line = line[:len(line) * 3 // 4]
        if beam is not None:
            self.beam = None
            if status == WON and beam.line is not None:
                moves, left = texts(self.game, beam.line)  # every move checked by the engine
                if left:
                    raise AssertionError("a winning line did not win on the engine")
                core.failed = {}
                core.relaxed = self.relaxed = None
                return Solution(WON, moves, 0, nodes, self.seconds)
            if len(beam.best_line) > len(core.best_path):
                core.best_path = beam.best_line  # the beam went further: its best line
        core.failed = {}  # free the tables: a finished search keeps only its answer
        core.relaxed = self.relaxed = None
        self.probes, self.probe = [], None
        if status == WON and probe is not None and probe[1].status == WON:
            return Solution(WON, probe[0] + probe[1].moves, 0, nodes, self.seconds)
        line = core.line if status == WON else core.best_path
        moves, left = texts(self.game, line)  # every move is checked by the engine
        if status == WON and left:
            raise AssertionError("a winning line did not win on the engine")
        if status != WON and probe is not None and probe[1].value > -left:
            moves, left = probe[0] + probe[1].moves, -probe[1].value  # a probe went further
        return Solution(status, moves, -left, nodes, self.seconds)


def texts(game, line: list[tuple]) -> tuple[list[str], int]:
    """The progress moves of `line` as engine moves, played through a copy of `game`:
    the deals and redeals to each pointer, then the build. Returns the texts and the
    cards left in stock and waste at the end."""
    from .devils_grip import CODE

    game = copy.deepcopy(game)
    out: list[str] = []
    for q, r, kind, b in line:
        while len(game.waste) != q or (game.options["passes"] and game.redeals != r):
            move = DEAL if game.stock else REDEAL
            game.push(move)
            out.append(str(move))
        cells = game.cells
        target = next(i for i, cell in enumerate(cells) if CODE[cell[-1]] == b - 1)
        if kind == WASTE:
            move = Build(-1, target, 1)
        else:
            source = next(i for i, cell in enumerate(cells) if CODE[cell[0]] == b)
            move = Build(source, target, len(cells[source]))
        game.push(move)
        out.append(str(move))
    return out, game.score


def new_search(game, max_nodes: int = 2_000_000, max_seconds: float | None = None):
    return DevilsGripSearch(game, max_nodes, max_seconds)
