"""In-app rules pages: Devil's Square and King's Square (seeds 000, 001), Devil's Grip (002).

Pure Python (no browser import). `RULES_HTML[game_id]` is an HTML fragment for
`<article class="rules">`; its example cards use the same markup as the game
(game.ui.cardface), so the page needs `SVG_SYMBOLS` and css/cards.css like the
board does.

The rules are those of /work/shared/RULES.md: section 2 for the two King's Keys games
(they share them and differ in story, title and look), section 3 for Devil's Grip, whose
example cards are standard cards (game.ui.stdface: the page needs STD_SVG_SYMBOLS too).
"""

from __future__ import annotations

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


RULES_HTML: dict[str, str] = {game_id: _page(game_id) for game_id in _STORIES}

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

RULES_HTML["devils-grip"] = _DG_PAGE.format(
    rows=_DG_ROWS, build=_DG_BUILD, build_pile=_DG_BUILD_PILE
)
