"""In-app rules pages: Devil's Square and King's Square (seeds 000, 001), Devil's Grip (002),
Kings in the Corner, the solitaire (004).

Pure Python (no browser import). `RULES_HTML[game_id]` is an HTML fragment for
`<article class="rules">`; its example cards use the same markup as the game
(game.ui.cardface), so the page needs `SVG_SYMBOLS` and css/cards.css like the
board does.

The rules are those of /work/shared/RULES.md: section 2 for the two King's Keys games
(they share them and differ in story, title and look), section 3 for Devil's Grip, whose
example cards are standard cards (game.ui.stdface: the page needs STD_SVG_SYMBOLS too),
and section 4 for Kings in the Corner, whose pictures are standard cards as well.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from .cardface import kk_card_html
from .stdface import std_card_html

_STORIES = {
    "devils-square": {
        "title": "Devil's Square",
        "tagline": "A wicked game for a chance to escape your fate!",
        "story": (
            "You have been imprisoned in a dungeon for eternity, but you have been given one "
            "chance to escape. Simply beat this solitaire game and you will be set free. With "
            "luck and wit you can win back your freedom. <strong>But beware:</strong> the guard "
            "is watching closely, and if you cheat you will be thrown into the deepest pits of "
            "the dungeon and your fate will be sealed!"
        ),
        "goal": "Can you clear the entire field to earn 160 points and your freedom?",
    },
    "kings-square": {
        "title": "King's Square",
        "tagline": "Outwit this game of chance to escape your fate!",
        "story": (
            "The King has thrown you in his dungeon, but you have been given one chance to "
            "escape. Simply beat this solitaire game and you can earn the keys to escape. With "
            "luck and wit you can win back your freedom. <strong>But beware:</strong> the guard "
            "is watching closely, and if you cheat you will be thrown into the deepest pits of "
            "the dungeon and your fate will be sealed!"
        ),
        "goal": "Can you clear the entire field to earn 160 points and the keys to freedom?",
    },
}


def _stack(cards: list[str], caption: str, lift_from: int | None = None) -> str:
    parts = []
    for i, card in enumerate(cards):
        extra = "ex-lift" if lift_from is not None and i >= lift_from else ""
        parts.append(kk_card_html(card, extra))
    cls = "ex-stack moving-part" if lift_from is not None else "ex-stack"
    return (
        f'<figure class="ex-cell"><div class="{cls}" style="--n:{len(cards)}">'
        f"{''.join(parts)}</div><figcaption>{caption}</figcaption></figure>"
    )


_DECK_ROW = (
    '<div class="card-row" role="img" aria-label="Four example cards: 1 Yellow Key, '
    '2 Red Axe, 3 Green Shield, 4 Blue Coin">'
    + _stack(["Y1K"], "Yellow, the Sun")
    + _stack(["R2A"], "Red, the Mountain")
    + _stack(["G3S"], "Green, the Forest")
    + _stack(["B4C"], "Blue, the Ocean")
    + "</div>"
)

_EXAMPLE_ROW = (
    '<div class="card-row" role="img" aria-label="Three cells: 1 Green Key under 2 Green Shield; '
    '2 Green Coin under 3 Green Axe, the Axe picked up; 4 Green Coin alone">'
    + _stack(["G1K", "G2S"], "1 Key, 2 Shield")
    + _stack(["G2C", "G3A"], "the 3 Axe moves over", lift_from=1)
    + _stack(["G4C"], "then the 4 Coin")
    + "</div>"
)

_BOOK_ROW = (
    '<div class="card-row" role="img" '
    'aria-label="A completed Green book: 1 Key, 2 Shield, 3 Axe, 4 Coin">'
    + _stack(["G1K", "G2S", "G3A", "G4C"], "A completed book")
    + _stack(["G2C"], "the 2 Coin stays behind")
    + "</div>"
)

_COMMON = """
<h3>The object</h3>
<p>Clear the play field of cards by making <em>books</em> and removing them. A book is four
cards of one Colour, numbered 1, 2, 3, 4 from the bottom up, with four different Items.</p>

<h3>The deck</h3>
<p>The King's Keys deck: 64 cards, one of each combination of four Colours, four Items
(Key, Axe, Shield, Coin) and the Numbers 1 to 4. Each Colour is a kingdom with its own
symbol and pattern, so you never have to tell colours apart. (The Jokers and the four
Kingdom cards are removed.)</p>
{deck_row}
<p>Every card shows its Number, Item and kingdom along its top edge, so you can still read
it when other cards lie on top of it.</p>

<h3>The deal</h3>
<p>16 cards are dealt face up in a 4 by 4 square play field. The other 48 are your face-down
draw pile; its order is hidden. Every deal has a number: the same number always deals the
same cards, so <em>Copy link</em> shares a deal with a friend.</p>

<h3>Stacks and moves</h3>
<ul>
<li>The cards in one cell form a <em>stack</em>, bottom to top: one Colour, Numbers going up
by one, no Item twice. It need not start at 1 (a 2 with a 3 on it is fine), and a single
card is a stack too.</li>
<li>Move the top card, the top two cards, or the whole stack of a cell onto another cell,
when the result is still a stack: the same Colour, the lowest card you move is one higher
than the card it lands on (2s go on 1s, 3s on 2s, 4s on 3s), and no Item appears twice in
the joined stack.</li>
<li>You may not take a card from the middle or the bottom of a stack.</li>
<li>You may never move a card or stack into an empty cell.</li>
</ul>

<h3>An example</h3>
{example_row}
<p>You may move the 3 Green Axe from the 2 Green Coin onto the 2 Green Shield: same Colour,
3 on 2, and no Axe in that stack yet. The 4 Green Coin could not have gone on the Coin-Axe
stack (two Coins), but it can go on 1 Key, 2 Shield, 3 Axe. That completes a book of Green
cards:</p>
{book_row}

<h3>Refills</h3>
<p>When a move empties a cell, it is refilled at once with the top card of the draw pile.
When several cells are empty at once, they are refilled in reading order: left to right,
top to bottom. Once the draw pile is empty, empty cells stay empty.</p>

<h3>Books</h3>
<p>As soon as a cell holds a 1-2-3-4 of one Colour with four different Items, the book is
removed, set aside beside the field, and its cell refilled. Each book scores 10 points.</p>

<h3>The end and the score</h3>
<ul>
<li>The game ends by itself when no move can make progress any more. Progress is completing
a book, or emptying a cell while the draw pile still has cards (so a new card comes in).</li>
<li>So the game is over when no legal move is left, and also when the moves left only shuffle
the same cards between cells without ever leading to progress: a card hopping between two
stacks forever does not keep the game alive.</li>
<li>You may give up at any time; the game then ends with the score you have.</li>
<li>Your score is 10 points for each book: 160 points, all sixteen books, is a full
escape. {goal}</li>
</ul>

<h3>The guard is watching</h3>
<p>The guard refuses every move the rules do not allow, and tells you why. For a true test,
play in <em>Guard mode</em>: no undo and no hints. Games played in Guard mode
keep their own statistics, apart from relaxed games.</p>

<h3>How to play</h3>
<ul>
<li><strong>Click or tap</strong> a card to pick it up, together with the cards above it. The
cells where it may go light up; click or tap one of them to put the cards there. When the
card has only one place to go, it goes there at once. <kbd>Esc</kbd> puts a picked card
back.</li>
<li>Or <strong>drag</strong> a card (and the cards above it) onto a cell and let go.</li>
<li><kbd>Ctrl</kbd>+<kbd>Z</kbd> undoes a move, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd>
redoes it (not in Guard mode). <em>Restart</em> plays the same deal again; <em>New deal</em>
deals fresh cards.</li>
</ul>
"""


def _page(game_id: str) -> str:
    s = _STORIES[game_id]
    head = (
        f"<h2>{s['title']}</h2>"
        f'<p class="tagline">{s["tagline"]}</p>'
        f'<div class="story"><p>{s["story"]}</p></div>'
    )
    body = _COMMON.format(
        deck_row=_DECK_ROW,
        example_row=_EXAMPLE_ROW,
        book_row=_BOOK_ROW,
        goal=s["goal"],
    )
    return head + body


class _Pages(Mapping):
    """Game id -> its rules page, each built the first time it is shown (building every
    page with its example cards at start-up would delay the first deal)."""

    def __init__(self) -> None:
        self.builders: dict[str, Callable[[], str]] = {}
        self.built: dict[str, str] = {}

    def __getitem__(self, game_id: str) -> str:
        if game_id not in self.built:
            self.built[game_id] = self.builders[game_id]()
        return self.built[game_id]

    def __iter__(self):
        return iter(self.builders)

    def __len__(self) -> int:
        return len(self.builders)


RULES_HTML = _Pages()
for _game_id in _STORIES:
    RULES_HTML.builders[_game_id] = partial(_page, _game_id)

__all__ = ["RULES_HTML"]


# --- Devil's Grip (seed 002, Dutch: Duivelsgreep; RULES.md section 3) ----------------------
# Its example cards are standard cards (game.ui.stdface): the page needs STD_SVG_SYMBOLS.


def _std_stack(cards: list[str], caption: str, lift_from: int | None = None) -> str:
    parts = []
    for i, card in enumerate(cards):
        extra = "ex-lift" if lift_from is not None and i >= lift_from else ""
        parts.append(std_card_html(card, extra))
    cls = "ex-stack moving-part" if lift_from is not None else "ex-stack"
    return (
        f'<figure class="ex-cell"><div class="{cls}" style="--n:{len(cards)}">'
        f"{''.join(parts)}</div><figcaption>{caption}</figcaption></figure>"
    )


_DG_ROWS = (
    '<div class="card-row" role="img" aria-label="Three finished piles: 2, 5, 8, Jack of '
    'spades; 3, 6, 9, Queen of hearts; 4, 7, 10, King of diamonds">'
    + _std_stack(["2S", "5S", "8S", "JS"], "top row")
    + _std_stack(["3H", "6H", "9H", "QH"], "middle row")
    + _std_stack(["4D", "7D", "TD", "KD"], "bottom row")
    + "</div>"
)

_DG_BUILD = (
    '<div class="card-row" role="img" aria-label="The 8 of clubs from the waste goes on a '
    '5 of clubs that has no 2 under it">'
    + _std_stack(["5C"], "a 5 of clubs, no 2 under it")
    + '<span class="ex-arrow" aria-hidden="true">&#8592;</span>'
    + _std_stack(["8C"], "the 8 of clubs from the waste", lift_from=0)
    + "</div>"
)

_DG_BUILD_PILE = (
    '<div class="card-row" role="img" aria-label="A pile of the 10 and King of clubs moves '
    'as a whole onto a pile of the 4 and 7 of clubs">'
    + _std_stack(["4C", "7C"], "a 4 and 7 of clubs")
    + '<span class="ex-arrow" aria-hidden="true">&#8592;</span>'
    + _std_stack(["TC", "KC"], "the 10 and King move together", lift_from=0)
    + "</div>"
)

_DG_PAGE = """
<h2>Devil's Grip <span class="alt-name" lang="nl">Duivelsgreep</span></h2>
<p class="tagline">Two decks, three rows, steps of three: pry every card from the Devil's grip.</p>
<div class="story"><p>The aim is to lay the whole deck out in piles on a grid, with the Jacks
ending on top in the top row, the Queens on top in the middle row and the Kings on top in the
bottom row. The order of the piles may look arbitrary, but on the grid it becomes clear: the
twos in the top row, the threes in the middle row, the fours in the bottom row, then the fives
in the top row, the sixes in the middle row, and so on. It is rare for the whole deck to be
played out.</p></div>

<h3>The deck</h3>
<p>Two standard 52-card decks without their Aces: <strong>96 cards</strong>, every card from
2 to King in each suit twice. The two copies of a card are the same card for the rules.</p>
<p>Every card shows its rank and suit in its top-left corner, the part you still see when
other cards lie on it. Red cards print them white on a red tab, black cards in black on the
card, so you can tell red from black by shape as well as by colour.</p>

<h3>The deal</h3>
<p>24 cards are dealt face up in <strong>3 rows of 8</strong>: the grid. The other 72 cards
form the face-down <em>stock</em>. Every deal has a number: the same number always deals the
same cards, so <em>Copy link</em> shares a deal with a friend.</p>

<h3>Piles in steps of three</h3>
<p>Each cell of the grid holds a pile of <strong>one suit</strong>, going up from the bottom
in steps of three. There are three such sequences:</p>
<ul>
<li><strong>2, 5, 8, Jack</strong>: these piles belong in the top row;</li>
<li><strong>3, 6, 9, Queen</strong>: in the middle row;</li>
<li><strong>4, 7, 10, King</strong>: in the bottom row.</li>
</ul>
{rows}
<p>A pile need not start at its base: the 8 of spades may go on a 5 of spades that is not
lying on a 2. A pile holds at most four cards.</p>

<h3>Building</h3>
<ul>
<li>You may put the top card of the <em>waste</em>, or the top card or cards of a pile on
the grid, on another pile of the same suit whose top card is the one just below it in that
suit's sequence: a 5 on a 2, an 8 on a 5, a Jack on an 8; a 6 on a 3, a 9 on a 6, a Queen on
a 9; a 7 on a 4, a 10 on a 7, a King on a 10.</li>
<li>Moving a whole pile empties its cell; the cell is refilled at once (see below).</li>
</ul>
{build}
<p>The 8 of clubs from the waste may go on the 5 of clubs: it needs no 2 under it.</p>
{build_pile}
<p>Cards can move together: the pile of the 10 and King of clubs goes onto the 7 of clubs,
making a full 4-7-10-K pile. Its own cell, now empty, is refilled at once.</p>

<h3>Swapping cells</h3>
<p>Any two cells of the grid may exchange their piles at any time, as often as you like.
A swap never changes which builds are possible; it is there so that you can arrange the rows:
the J piles in the top row, the Q piles in the middle, the K piles at the bottom. Swaps are
moves like any other, and undo takes them back.</p>

<h3>Refills</h3>
<p>A cell left empty is refilled at once with the top card of the stock or, when the stock is
empty, with the top card of the waste. When several cells are empty at once they are refilled
in reading order: left to right, top to bottom. An emptied cell is the only way a 2, 3 or 4
can come onto the grid.</p>

<h3>Dealing</h3>
<ul>
<li>Turn up to <strong>three</strong> cards at a time from the stock onto the waste. Only the
top card of the waste may be played.</li>
<li>When the stock is empty, the waste is turned over to become the stock again, in the same
order, and you deal on. You may go through the stock as often as you like.</li>
<li>Variants: deal one card at a time instead of three; or allow only 1 or 3 passes through
the stock.</li>
</ul>

<h3>The end</h3>
<ul>
<li>The game ends by itself as soon as no sequence of builds, deals and redeals can bring
another card out of the stock and waste onto the grid. (A build that empties a cell brings a
card in by its refill; moving a card back and forth between two equal piles, possible with two
decks, does not count.) You never have to click through the stock forever to find out.</li>
<li>You may also give up at any time; the game then ends with the score you have.</li>
</ul>

<h3>Winning and the score</h3>
<ul>
<li>You <strong>win</strong> when all 96 cards lie on the grid in 24 piles of four. The rows
are then arranged for you: the Jacks on top in the top row, the Queens in the middle, the Kings
at the bottom.</li>
<li>Your score is the number of cards left in the stock and the waste: the lower the better.
<strong>10 or fewer</strong> is good, <strong>5 or fewer</strong> very good,
<strong>2 or fewer</strong> excellent, and <strong>0</strong> is a win.</li>
</ul>

<h3>How to play</h3>
<ul>
<li><strong>Click or tap the stock</strong> to deal. When it is empty and the waste may be
turned over, it shows a circular arrow: click it to turn the waste over.</li>
<li><strong>Click or tap</strong> a card, on the grid or the top card of the waste, to pick it
up together with the cards above it. If it can go to one pile only, it goes there at once;
otherwise the piles it may build on light up, and you click one of them. <kbd>Esc</kbd> puts a
picked card back.</li>
<li>Or <strong>drag</strong> it onto a pile and let go.</li>
<li>To <strong>swap</strong> two cells, pick up or drag a pile and drop it on another cell
where it cannot build: the two cells trade places. The cells it may swap with have a dashed
line around them.</li>
<li><kbd>Ctrl</kbd>+<kbd>Z</kbd> undoes a move, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd>
redoes it. <em>Restart</em> plays the same deal again; <em>New deal</em> deals fresh
cards.</li>
</ul>
"""

RULES_HTML.builders["devils-grip"] = partial(
    _DG_PAGE.format, rows=_DG_ROWS, build=_DG_BUILD, build_pile=_DG_BUILD_PILE
)


# --- Kings in the Corner, the solitaire (seed 004, second part; also "Camelot";
# RULES.md section 4, with the decisions in game/games/kings_corner_solitaire.py) ----------
# Its pictures: the court spots as small 4x4 plans, and a selection of the seed's sample
# game redrawn as 4x4 grids of real cards. The seed gives ranks only; the suits are ours,
# one physical card keeping its suit throughout, so the whole sample game is one real deal
# (tests/test_rules_kcs.py replays it through the engine).

_KC_SPOTS = "KQQK" "J..J" "J..J" "KQQK"
_KC_SPOTS_SWAP = "KJJK" "Q..Q" "Q..Q" "KJJK"
_KC_SPOT_NAMES = {"K": "King", "Q": "Queen", "J": "Jack"}


def _kc_spot_plan(plan: str, label: str, caption: str) -> str:
    """A 4x4 plan of the court spots: a letter in each spot, the centre left blank."""
    cells = "".join(
        '<span class="kcx-spot kcx-centre"></span>' if c == "." else
        f'<span class="kcx-spot" data-spot="{c}" title="{_KC_SPOT_NAMES[c]}">{c}</span>'
        for c in plan
    )
    return (
        f'<figure class="kcx-plan"><div class="kcx-spots" role="img" aria-label="{label}">'
        f"{cells}</div><figcaption>{caption}</figcaption></figure>"
    )


_KC_PLANS = (
    '<div class="card-row kcx-plans">'
    + _kc_spot_plan(
        _KC_SPOTS,
        "The court spots: Kings in the four corners, Queens in the two middle cells of the "
        "top and bottom rows, Jacks in the two middle cells of the left and right columns; "
        "the four centre cells are no court card's spot",
        "The court spots",
    )
    + _kc_spot_plan(
        _KC_SPOTS_SWAP,
        "The court spots with Queens on the sides: Kings in the corners, Jacks in the middles "
        "of the top and bottom rows, Queens in the middles of the left and right columns",
        "Queens on the sides (option)",
    )
    + "</div>"
)


def _kc_grid(rows: str) -> list[str | None]:
    """'AH 6D 5S KS / 3D ...' (four rows of four, '.' an empty cell) -> 16 cells."""
    cells = [None if c == "." else c for c in rows.replace("/", " ").split()]
    assert len(cells) == 16, rows
    return cells


# The seed's sample game, a selection: (name, grid, the cards ringed: those removed before
# the grid is filled again, the turned card with nowhere to go, caption: the author's
# commentary shortened, aria-label summary).
_KC_SAMPLE = (
    (
        "First deal",
        "AH 6D 5S KS / 3D 7H 4C 3S / TC 8S 2C 4H / KD QC QH 8D",
        "TC 7H 3S 2C 8D 6D 4H",
        "",
        "Two Kings and two Queens are on their spots and the grid is full, so removing "
        "begins. &#8220;Clearly, we can remove the 10 immediately.&#8221;",
        "The grid is full: Kings in the top right and bottom left corners, two Queens in "
        "the bottom middles, number cards elsewhere; ringed, to be removed: the 10 of "
        "clubs, the 7 of hearts and 3 of spades, the 2 of clubs and 8 of diamonds, the 6 "
        "of diamonds and 4 of hearts",
    ),
    (
        "Removal",
        "AH 6D 5S KS / 3D 7H 4C 3S / . 8S 2C 4H / KD QC QH 8D",
        "7H 3S 2C 8D 6D 4H",
        "",
        "The 10 is gone. Now 6 + 4, 8 + 2 and 7 + 3 all make 10, but which? The author takes "
        "the right-hand 3 with the 7 (a Jack&#8217;s spot), the 2 with the 8 in the corner "
        "(not the central 8: that would free no court spot), and the top 6 with the "
        "right-hand 4 (a Queen&#8217;s spot and a Jack&#8217;s spot).",
        "The 10 is gone, its cell empty; the 7 of hearts and 3 of spades, the 2 of clubs "
        "and 8 of diamonds, the 6 of diamonds and 4 of hearts are ringed, to be removed",
    ),
    (
        "After the removals",
        "AH . 5S KS / 3D . 4C . / . 8S . . / KD QC QH .",
        "",
        "",
        "An Ace, 5, 3, 4 and 8 are left: no 10 and no pair making 10, so filling starts "
        "again. &#8220;That&#8217;s all the cards I can remove.&#8221;",
        "Seven cells empty; left are the Ace of hearts, 5 of spades, 3 of diamonds, 4 of "
        "clubs and 8 of spades, two Kings and two Queens",
    ),
    (
        "Second deal",
        "AH 6S 5S KS / 3D 3H 4C 7C / AC 8S TH 6H / KD QC QH KH",
        "6S 4C 3D 7C TH",
        "",
        "The third King went to the one free corner by itself. The author removes the 10, "
        "the left-hand 3 with the 7 (two Jack&#8217;s spots) and the top 6 with the 4 (a "
        "Queen&#8217;s spot). &#8220;Unfortunately, there are no corner spots "
        "available.&#8221;",
        "The grid is full again, with three Kings in the corners; the 6 of spades and 4 of "
        "clubs, the 3 of diamonds and 7 of clubs, and the 10 of hearts are ringed, to be "
        "removed",
    ),
    (
        "Fourth deal",
        "AH AS 5C KS / JD 3H 9C JS / AC 8S 8H 6H / KD QC QH KH",
        "AH 9C",
        "",
        "A 9 at last, but it pairs with only one of three Aces, and each Ace blocks a spot: "
        "a corner, a Queen&#8217;s, a Jack&#8217;s. Trusting Murphy&#8217;s Law "
        "(&#8220;whatever can go wrong will go wrong&#8221;), the author frees the corner "
        "for the last King.",
        "Three Kings, two Queens and two Jacks placed; Aces in the top left corner, in a top "
        "middle and in a left middle; the Ace of hearts in the corner and the 9 of clubs "
        "are ringed, to be removed",
    ),
    (
        "Eighth deal",
        "AD AS 5C KS / JD 9D . JS / AC 8S 8H JH / KD QC QH KH",
        "",
        "KC",
        "The very next deal put another Ace in that corner. Four deals on, the "
        "Jack of hearts takes the last Jack&#8217;s spot, then the King of clubs turns up "
        "with no corner free: the game is lost with 8 of the 12 court cards placed. "
        "&#8220;One&#8230; card&#8230; away.&#8221; That&#8217;s why they call these games "
        "of patience.",
        "The last position: an Ace of diamonds holds the top left corner, one centre cell is "
        "empty, three Kings, two Queens and three Jacks placed; the turned King of clubs "
        "has no free corner",
    ),
)


def _kc_sample_figure(name: str, rows: str, out: str, stuck: str, caption: str,
                      label: str) -> str:
    leaving = set(out.split())
    cells = []
    for card in _kc_grid(rows):
        if card is None:
            cells.append('<div class="kcx-cell kcx-empty"></div>')
        else:
            cells.append(f'<div class="kcx-cell">'
                         f'{std_card_html(card, "kcx-out" if card in leaving else "")}</div>')
    grid = (f'<div class="kcx-grid" role="img" aria-label="{name}. {label}." '
            f'data-sample="{name}">{"".join(cells)}</div>')
    turned = ""
    if stuck:
        turned = (f'<div class="kcx-turned" aria-hidden="true">{std_card_html(stuck)}'
                  "<span>turned: no corner</span></div>")
    return (
        f'<figure class="kcx-sample"><div class="kcx-board">{grid}{turned}</div>'
        f"<figcaption><strong>{name}.</strong> {caption}</figcaption></figure>"
    )


def _kc_page() -> str:
    samples = "".join(_kc_sample_figure(*sample) for sample in _KC_SAMPLE)
    return _KC_PAGE.format(plans=_KC_PLANS, samples=samples)


_KC_PAGE = """
<h2>Kings in the Corner <span class="alt-name">Camelot</span></h2>
<p class="tagline">Kings to the corners, Queens and Jacks to the walls: seat the whole court
before the grid jams.</p>
<div class="story"><p>A patience for one player with one deck and a 4 by 4 grid. Every court
card has its place around the edge of the grid: the Kings in the corners, the Queens and the
Jacks along the sides. The number cards fill the gaps, and you clear them away in tens to make
room. Get all twelve court cards to their spots before the grid fills up with cards that will
not go. It is also known as <em>Camelot</em>.</p></div>

<h3>The deck</h3>
<p>One standard deck of <strong>52 cards</strong>, without jokers. The Ace to the 10 are the
<em>number cards</em>, worth their number (the <strong>Ace counts 1</strong>); the Jacks,
Queens and Kings are the twelve <em>court cards</em>.</p>

<h3>The grid and the court spots</h3>
<p>The table is a grid of <strong>4 by 4</strong> cells, empty at the start. The deck lies
face down beside it: the <em>stock</em>. Every deal has a number: the same number always
deals the same cards, so <em>Copy link</em> shares a deal with a friend.</p>
<p>The twelve cells around the edge are the court spots. The <strong>Kings</strong> go in the
four corners, the <strong>Queens</strong> in the middles of the top and bottom rows, the
<strong>Jacks</strong> in the middles of the left and right columns. The four centre cells are
no court card&#8217;s spot.</p>
{plans}
<p>Option <em>Queens on the sides</em>: the Queens and the Jacks trade spots, so the Queens
go in the middles of the left and right columns and the Jacks in the middles of the top and
bottom rows. The Kings keep the corners.</p>

<h3>Filling the grid</h3>
<ul>
<li>Turn the top card of the stock. It must be placed at once.</li>
<li>A <strong>number card</strong> goes on <strong>any empty cell</strong>, court spots
included. Careful: a number card on a court spot blocks it until you remove it. It is
usually best to fill the four centre cells first.</li>
<li>A <strong>court card</strong> goes on a free spot of its own kind: a King in a corner, a
Queen or a Jack on one of its own side spots. When several are free, you choose; when only
one is free, the card goes there by itself.</li>
<li>When a court card turns up and <strong>none of its spots is free</strong>, the game is
lost.</li>
<li>Go on turning and placing until all 16 cells are full.</li>
</ul>

<h3>Removing</h3>
<ul>
<li>Only when <strong>all 16 cells are full</strong> may you remove cards.</li>
<li>Remove a single <strong>10</strong>, or <strong>two number cards that add up to
10</strong>: Ace and 9, 2 and 8, 3 and 7, 4 and 6, or two 5s. The removed cards are
discarded.</li>
<li>Court cards never leave their spots.</li>
<li>Keep removing until <strong>nothing more can be removed</strong>; then filling starts
again with the next card of the stock. Which cards you take is up to you: pick those that
free the spots your missing court cards need.</li>
<li>A full grid from which nothing can be removed <strong>loses</strong> the game.</li>
</ul>

<h3>Winning and the score</h3>
<ul>
<li>You <strong>win</strong> as soon as all <strong>12 court cards</strong> stand on their
spots, even with cards left in the stock.</li>
<li>Your score is the number of court cards on their spots: 12 is every one.</li>
<li>You lose when a court card has no free spot of its kind, or when the grid is full and
nothing can be removed. You may also give up at any time; the game then ends with the score
you have.</li>
</ul>

<h3>The strict game: Camelot</h3>
<p>With the option <em>Camelot (strict)</em>, placing the court is not enough: the
<strong>number cards must all be removed too</strong>. You win when the stock is used up and
only the twelve court cards are left on the grid. Once the stock is empty the grid can never
fill again, so removing goes on with the grid not full: a 10 or a pair making 10 can then be
removed at any time. If the stock is empty and nothing more can be removed, the game is lost
(your score still counts the court cards placed).</p>

<h3>A sample game, redrawn as real cards</h3>
<p>The rules this page follows came with a sample game, told by the player who played it and
drawn in plain letters, ranks only. Here is a selection of its diagrams with real cards. The
ranks and the comments are the author&#8217;s (shortened); the suits are ours, so that no
card appears twice. The <span class="kcx-key">ringed</span> cards are those the author
removes before filling the grid again.</p>
<div class="kcx-samples">{samples}</div>

<h3>How to play</h3>
<ul>
<li>The <strong>turned card</strong> is shown large beside the stock, and the line above the
grid says what to do with it. <strong>Click or tap</strong> an empty cell to place it there,
or <strong>drag</strong> the card onto the cell.</li>
<li>A court card with <strong>one</strong> free spot goes there by itself. With several, the
free spots light up: click or tap the one you want. (Empty court spots show their letter
faintly until a card covers them.)</li>
<li>When the grid is full, the line says <em>Remove a 10, or two cards that add up to
10.</em> <strong>Click a 10</strong>
to remove it. For a pair, <strong>click one card</strong>: the cards that make 10 with it
light up; click the partner. Or drag one card of the pair onto the other.
<kbd>Esc</kbd> puts a picked card back.</li>
<li><kbd>Ctrl</kbd>+<kbd>Z</kbd> undoes a move, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd>
redoes it, across filling and removing alike: undoing a placement that filled the grid takes
you back to filling. <em>Restart</em> plays the same deal again; <em>New deal</em> deals
fresh cards; <em>Copy link</em> copies a link to this deal.</li>
</ul>
"""

RULES_HTML.builders["kings-corner-solitaire"] = _kc_page


# --- Kings in the Corner for 2 to 6 players (seeds 003 and 004; RULES.md section 5, with
# the decisions in game/games/kings_corner.py): the Jax rules (the default) and the
# Classic ones ----------------------------------------------------------------------------
# Its pictures are mini trays and stalls of real cards, drawn as the table draws them: a
# side stall shows its bottom and top cards, a corner only its top card. Every stall and
# tray carries its whole contents (data-cards, bottom first) so tests/test_rules_kt.py
# checks them with the engine: the deals, the building, the moved stall, the card under.

_KT_STALL_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west",
                   "NE": "north-east", "SE": "south-east", "SW": "south-west",
                   "NW": "north-west"}
_KT_TRAY_ORDER = ("NW", "N", "NE", "W", None, "E", "SW", "S", "SE")  # None: the draw pile


def _kt_shown(stall: str, cards: list[str]) -> list[str]:
    """What the table shows of a stall: a side its bottom and top cards, a corner its top."""
    if len(stall) == 2:
        return cards[-1:]
    return [cards[0], cards[-1]] if len(cards) > 1 else list(cards)


def _kt_stall(stall: str, cards: list[str], mark: str = "") -> str:
    kind = "ktx-corner" if len(stall) == 2 else "ktx-side"
    shown = _kt_shown(stall, cards)
    classes = f"ktx-stall {kind}" + ("" if cards else " ktx-empty") + (f" {mark}" if mark else "")
    return (f'<div class="{classes}" data-stall="{stall}" data-cards="{" ".join(cards)}" '
            f'style="--n:{max(1, len(shown))}">{"".join(std_card_html(c) for c in shown)}</div>')


def _kt_tray(stalls: dict[str, list[str]], label: str, caption: str, when: str = "",
             marks: dict[str, str] | None = None) -> str:
    """A mini tray: the eight stalls (missing ones empty) around the draw pile."""
    marks = marks or {}
    cells = []
    for stall in _KT_TRAY_ORDER:
        if stall is None:
            cells.append('<div class="ktx-stock"><div class="card-back"></div></div>')
        else:
            cells.append(_kt_stall(stall, list(stalls.get(stall, ())), marks.get(stall, "")))
    data = f' data-when="{when}"' if when else ""
    return (f'<figure class="ktx-fig"{data}><div class="ktx-tray" role="img" '
            f'aria-label="{label}">{"".join(cells)}</div>'
            f"<figcaption>{caption}</figcaption></figure>")


def _kt_pile(cards: list[str], label: str, caption: str, spread: bool = True,
             extra: str = "", note: str = "") -> str:
    """A stall on its own: spread out (every card's index shows) or as on the table
    (bottom and top cards only); the card `note` ringed."""
    shown = cards if spread or len(cards) < 3 else [cards[0], cards[-1]]
    kind = "ktx-spread" if spread else "ktx-ends"
    faces = "".join(std_card_html(c, "ktx-note" if c == note else "") for c in shown)
    return (f'<figure class="ktx-fig"{extra}><div class="ktx-pile {kind}" role="img" '
            f'aria-label="{label}" data-cards="{" ".join(cards)}" style="--n:{len(shown)}">'
            f"{faces}</div>"
            f"<figcaption>{caption}</figcaption></figure>")


_KT_ARROW = '<span class="ex-arrow ktx-arrow" aria-hidden="true">&#8594;</span>'

# The dealt trays of a two-player hand (tests deal them through the engine): under Jax a
# King dealt to a side stays there; under Classic it goes to the first free corner.
_KT_DEAL_SIDES = {"jax": ("KC", "7D", "3S", "TH"), "classic": ("9S", "KD", "4H", "JC")}


def _kt_trays() -> str:
    jax = dict(zip(("N", "E", "S", "W"), ([c] for c in _KT_DEAL_SIDES["jax"]), strict=True))
    classic = {"N": ["9S"], "NE": ["KD"], "S": ["4H"], "W": ["JC"]}
    return (
        '<div class="card-row ktx-row">'
        + _kt_tray(jax, "A tray just dealt, Jax rules: the King of clubs north, the 7 of "
                   "diamonds east, the 3 of spades south, the 10 of hearts west; the four "
                   "corners empty around the draw pile",
                   "<strong>Jax:</strong> the King of clubs dealt north stays there until "
                   "a player moves it.", when="jax", marks={"N": "ktx-note"})
        + _kt_tray(classic, "A tray just dealt, Classic rules: the 9 of spades north, the "
                   "King of diamonds in the north-east corner, the east stall empty, the 4 "
                   "of hearts south, the jack of clubs west",
                   "<strong>Classic:</strong> the King of diamonds dealt east went to a "
                   "corner; the east stall is empty.", when="classic", marks={"NE": "ktx-note"})
        + "</div>"
    )


def _kt_building() -> str:
    stall = ["KS", "QH", "JC"]
    return (
        '<div class="card-row ktx-row ktx-big">'
        + _kt_pile(stall, "A side stall as the table shows it: the King of spades at the "
                   "bottom, the Jack of clubs on top, the Queen of hearts hidden between",
                   "On the tray: the bottom card and the top card show", spread=False)
        + _kt_pile(stall, "The same stall spread out: King of spades, Queen of hearts, Jack "
                   "of clubs", "Spread out: K&#9824;&#160;Q&#9829;&#160;J&#9827;")
        + '<p class="ktx-next">Next on it: a red 10, the&#160;10&#9829; or the&#160;10&#9830;.</p>'
        + "</div>"
    )


# Moving a whole side stall: the north stall (its bottom card the 8 of diamonds) goes onto
# the 9 of spades in the east. Tests push the move N>E on the first tray and get the second.
_KT_SHIFT_BEFORE = {"N": ["8D", "7C"], "E": ["9S"], "S": ["5H"], "W": ["JC", "TH"],
                    "NE": ["KD", "QC"]}
_KT_SHIFT_AFTER = {"E": ["9S", "8D", "7C"], "S": ["5H"], "W": ["JC", "TH"],
                   "NE": ["KD", "QC"]}
_KT_SHIFT_MOVE = "N>E"


def _kt_shift() -> str:
    return (
        f'<div class="card-row ktx-row ktx-move" data-move="{_KT_SHIFT_MOVE}">'
        + _kt_tray(_KT_SHIFT_BEFORE, "Before: the north stall, 8 of diamonds and 7 of "
                   "clubs, is picked up; the east stall, the 9 of spades, is lit as where it "
                   "may go. South the 5 of hearts, west the Jack of clubs and 10 of hearts, "
                   "the north-east corner the King of diamonds and Queen of clubs",
                   "The north stall picked up: its bottom card, the 8&#9830;, fits on the "
                   "9&#9824; in the east.", when="before",
                   marks={"N": "ktx-from", "E": "ktx-to"})
        + _KT_ARROW
        + _kt_tray(_KT_SHIFT_AFTER, "After: the east stall holds the 9 of spades, 8 of "
                   "diamonds and 7 of clubs, showing the 9 and the 7; the north stall is "
                   "empty", "After: 9&#9824; 8&#9830; 7&#9827; in the east, the north "
                   "stall empty for any card.", when="after", marks={"E": "ktx-to"})
        + "</div>"
    )


# Classic "play under the rows": with the west stall empty, the 10 of hearts goes under
# the 9 of spades at the bottom of the north stall.
_KT_UNDER_STALL = ["9S", "8D"]
_KT_UNDER_CARD = "TH"
_KT_UNDER_MOVE = "TH<N"


def _kt_under() -> str:
    return (
        f'<div class="card-row ktx-row ktx-under" '
        f'data-move="{_KT_UNDER_MOVE.replace("<", "&lt;")}">'
        + _kt_pile(_KT_UNDER_STALL, "The north stall: 9 of spades, 8 of diamonds",
                   "the north stall", extra=' data-when="before"')
        + '<span class="ktx-plus" aria-hidden="true">+</span>'
        + _kt_pile([_KT_UNDER_CARD], "The 10 of hearts from your hand",
                   "from your hand", extra=' data-when="hand"')
        + _KT_ARROW
        + _kt_pile([_KT_UNDER_CARD, *_KT_UNDER_STALL], "The north stall now: 10 of hearts, "
                   "9 of spades, 8 of diamonds", "the north stall after",
                   extra=' data-when="after"', note=_KT_UNDER_CARD)
        + "</div>"
    )


def _kt_page() -> str:
    return _KT_PAGE.format(trays=_kt_trays(), building=_kt_building(), shift=_kt_shift(),
                           under=_kt_under())


_KT_PAGE = """
<h2>Kings in the Corner <span class="alt-name">for 2 to 6 players</span></h2>
<p class="tagline">Down in alternate colours, Kings to the corners: be first to empty your
hand.</p>
<div class="story"><p>A family card game for two to six players around a tray. The draw pile
sits in the middle, with a stall on each of its four sides and a Kings&#8217; stall at each
corner. Play your cards onto the stalls, down in rank and in alternate colours, move whole
stalls to open new ones, and be the first to empty your hand. Play against computer
opponents, with friends passing one device round the table, or both.</p></div>

<h3>Two rule sets</h3>
<p>Choose them under <em>Seats &amp; rules</em>; both play on the same tray with the same
four kinds of play.</p>
<ul>
<li><strong>Jax</strong> (the default): the rules in the box of the Jax game, with chips and a
pot. Each hand&#8217;s winner scores the pot, and the first to <strong>100 points</strong>
wins the game.</li>
<li><strong>Classic</strong>: the older game without chips. The first to empty their hand wins,
with options for drawing, for playing under the rows and for a match with penalty
points.</li>
</ul>

<h3>The cards and the tray</h3>
<p>One standard deck of <strong>52 cards</strong>. The cards rank King (high), Queen, Jack, 10,
9 and so on down to 2 and the <strong>Ace, which is low</strong>. Suits do not matter, only
colours: hearts and diamonds are red, spades and clubs black.</p>
<p>The tray has eight stalls around the face-down <em>draw pile</em> in the middle:</p>
<ul>
<li>four <strong>side stalls</strong>, north, east, south and west of the draw pile;</li>
<li>four <strong>corner stalls</strong> on the diagonals, marked K: they take only Kings and
start empty.</li>
</ul>
<p><strong>The deal.</strong> Each player gets <strong>seven cards</strong>, one at a time from
the dealer&#8217;s left. One card goes face up on each side stall, and the rest of the deck is
the draw pile. The player on the dealer&#8217;s left plays first, and the deal passes to the
left after each hand.</p>
{trays}
<p>Under the Jax rules a King dealt to a side stall stays there until a player moves it to a
corner (see moving a stall, below). Under the Classic rules it goes to a corner at once,
leaving its side stall empty for the first player to fill.</p>

<h3>Building down in alternate colours</h3>
<p>On every stall a card goes on a card <strong>one rank higher</strong> and of <strong>the
other colour</strong>: a red Queen on a black King, a black Jack on a red Queen, and so on down
to the Aces. The suit does not matter: on the K&#9824; goes the Q&#9829; or the Q&#9830;.</p>
{building}
<p>On a side stall the cards overlap so that, as on the tray of the boxed game, only the
<strong>bottom card and the top card</strong> show: the top card says what goes on next, the
bottom card where the whole stall may move. On a corner stall each card covers the one below:
only the top card shows.</p>

<h3>Your turn: four kinds of play</h3>
<p>On your turn make as many of these plays as you like, in any order, then end your turn. You
never have to make a play just because you can (Jax&#8217;s Kings aside, see below).</p>
<ol>
<li><strong>A card on a stall</strong>: a card from your hand on any stall, side or corner,
whose top card is one rank higher and of the other colour.</li>
<li><strong>A King to a corner</strong>: a King from your hand on an empty corner stall.</li>
<li><strong>A whole side stall onto another stall</strong>, when its <em>bottom</em> card fits
on that stall&#8217;s top card. A side stall whose bottom card is a King may move to an empty
corner. The side stall it leaves is empty. Corner stalls never move.</li>
<li><strong>Any card on an empty side stall</strong>: any card of your hand at all.</li>
</ol>
{shift}
<p>Moving a stall opens a side stall, and an empty side stall is where a card that fits
nowhere else can go: often the best play of the turn.</p>

<h3>The Jax rules</h3>
<ul>
<li><strong>Chips and the ante.</strong> At the start of every hand the <strong>80
chips</strong> are shared out as equally as possible, the odd ones going one each to the
players from the dealer&#8217;s left (with three players: 27, 27 and 26). Then everybody puts
<strong>one chip in the pot</strong>.</li>
<li><strong>Kings are played at once.</strong> A King in your hand at the start of your turn,
or one you draw, goes to an empty corner by itself, so the box&#8217;s three-chip penalty for
keeping a King never arises. A King played by itself at the start of your turn counts as a
play of that turn; one drawn as your turn ends comes too late to spare you the no-play
chip.</li>
<li><strong>The no-play chip.</strong> If you made no play on your turn, you put one chip in
the pot as it ends.</li>
<li><strong>The draw.</strong> Every turn ends with drawing the top card of the draw pile,
done for you (so the box&#8217;s chip for forgetting to draw never arises). A King drawn goes
to a corner at once, and you do not draw again.</li>
<li><strong>The end of a hand.</strong> The first to empty their hand wins it. Every other
player pays <strong>one chip per card</strong> left in their hand into the pot, and the winner
takes the <strong>whole pot</strong>: one point per chip. A player who cannot pay pays what
they have. The chips are shared out afresh for the next hand; only the points carry
over.</li>
<li><strong>The game.</strong> The first to <strong>100 points</strong> wins.</li>
<li><strong>Blocked hands.</strong> When the draw pile is empty, play goes on without
drawing. If a whole round then goes by in which nobody plays a card, the hand is blocked: the
player with the <strong>fewest cards</strong> wins it (on a tie, the first of them from the
dealer&#8217;s left), and it is settled like any other hand.</li>
</ul>

<h3>The Classic rules</h3>
<ul>
<li>Usually 2 to 4 players; the table takes up to 6. Seven cards each.</li>
<li>A King dealt to a side stall goes to a corner at once (see the trays above).</li>
<li><strong>Draw first.</strong> Your turn starts with drawing one card from the draw pile,
done for you; then you play.</li>
<li>No chips and no pot, and Kings are not forced: play a King to an empty corner when you
like.</li>
<li>The first to empty their hand <strong>wins</strong>.</li>
<li>Blocked hands as in Jax: when the draw pile is empty and a whole round goes by with no
play, the player with the fewest cards wins (on a tie, the first of them from the
dealer&#8217;s left).</li>
</ul>

<h3>Classic options</h3>
<p>Set them under <em>Seats &amp; rules</em>, with the Classic rules chosen:</p>
<ul>
<li><strong>Draw at the end of the turn</strong> instead of at the start.</li>
<li><strong>Draw two cards</strong> instead of one, at the start of the turn or, with the
option above, at its end.</li>
<li><strong>Play under the rows.</strong> While at least one side stall is empty, a card from
your hand may also go <em>under</em> the bottom card of a side stall, when it is one rank
higher and of the other colour; nothing goes under a King. Hands empty faster.</li>
<li><strong>A match with penalty points.</strong> Instead of a single hand, play hand after
hand to a limit you choose. At the end of each hand every player but its winner scores
penalty points for the cards left in their hand: <strong>10 for each King</strong> and
<strong>1 for every other card</strong>. The winner of a hand scores none, even of a blocked
one. When somebody reaches the limit the match ends, and the <strong>lowest total
wins</strong> (on a tie, the first of them from the dealer&#8217;s left). A limit of 0 plays
one hand.</li>
</ul>
{under}
<p>Playing under the rows: with the west stall empty, the 10&#9829; from your hand goes under
the 9&#9824; at the bottom of the north stall, one rank higher and of the other colour.</p>

<h3>Computer opponents</h3>
<p>Any seat may be a computer opponent, at one of three levels. <strong>None of them ever sees
your hand</strong>, nor anybody else&#8217;s, nor the order of the draw pile: they know what a
player at the table knows, their own hand, the tray, how many cards each player holds and how
many are left to draw. They play card by card at the pace you choose, so you can follow every
move.</p>
<ul>
<li><strong>Easy</strong> makes random legal plays, and now and then ends its turn while it
could still play.</li>
<li><strong>Normal</strong> is greedy: Kings to the corners first, then moves of whole stalls
that free a side stall, then the cards that let most of its hand follow, and on an empty side
stall the card that starts the longest pile from its hand. It plays as long as it can.</li>
<li><strong>Hard</strong> looks ahead over the cards it cannot see. For each way its turn
could end, it deals those cards (the other hands and the draw pile) at random, many times
over, plays each imagined hand out, and picks the plan that wins most often.</li>
</ul>

<h3>How to play</h3>
<ul>
<li><strong>The table.</strong> The other players&#8217; seats are along the top, each with a
name, a level (Person, Easy, Normal or Hard), the number of cards held, and chips and points
(Jax) or penalty points (a Classic match). The dealer is marked, and the seat whose turn it
is lights up. The tray is in the middle, the corner stalls on the diagonals marked K until a
King arrives. Your hand is fanned at the bottom, sorted by suit in alternate colours.</li>
<li><strong>Click or tap a card</strong> of your hand. If it has one place to go, it goes
there at once; otherwise the stalls it may go to light up, and you click or tap one. Click
the card again, or press <kbd>Esc</kbd>, to put it back.</li>
<li><strong>Click or tap a side stall</strong> to move the whole stall: the stalls it may move
onto light up, and you click one (with only one, it moves at once).</li>
<li>Or <strong>drag</strong> a card, or a whole side stall, onto a stall and let go.</li>
<li>With <em>play under the rows</em>, a stall your card may go under lights up too; a card
that could go both on and under the same stall goes on top.</li>
<li><strong>End turn</strong> when you are done. The draws, the no-play chip and the forced
Kings are done for you.</li>
<li><strong>Undo</strong> (<kbd>Ctrl</kbd>+<kbd>Z</kbd>) takes back your own plays of this
turn, until you end it; <strong>Redo</strong> plays them again.</li>
<li>The computers play at the <strong>Pace</strong> you select: slow, normal or fast.
<strong>Hurry up</strong> plays their turns out quickly, up to your next turn.</li>
<li><strong>Seats &amp; rules</strong> opens the set-up: 2 to 6 seats, each a person or a
computer (Easy, Normal or Hard), names for the people, the rules (Jax or Classic) and the
Classic options. <em>Start a new match</em> deals with them.</li>
<li><strong>Several people at one device.</strong> When the turn passes from one person to
another, a screen hides the hand: pass the device, the others look away, and the next person
clicks <strong>Show my hand</strong>.</li>
<li>After each hand a <strong>summary</strong> shows who had how many cards left and who paid
what: the chips paid, the pot won and the points (Jax), or the penalty points (Classic).
<em>Next hand</em> deals the next one. At the end of the match the final table shows who
won.</li>
<li><em>New deal</em> starts a new match with the same seats and rules; <em>Copy link</em>
copies a link to this deal with its seats and rules; <em>Give up</em> leaves the table.</li>
</ul>
"""

RULES_HTML.builders["kings-corner"] = _kt_page
