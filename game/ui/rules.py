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
