"""In-app rules pages for Devil's Square and King's Square (seeds 000 and 001).

Pure Python (no browser import). `RULES_HTML[game_id]` is an HTML fragment for
`<article class="rules">`; its example cards use the same markup as the game
(game.ui.cardface), so the page needs `SVG_SYMBOLS` and css/cards.css like the
board does.

The rules are those of /work/shared/RULES.md section 2; the two games share
them and differ in story, title and look.
"""

from __future__ import annotations

from .cardface import kk_card_html

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
