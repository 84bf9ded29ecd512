"""A whole game (its deal, options and every move) as a short URL-safe text, and back.

The text is base64url (no padding) of these bytes:

    version        1 byte, FORMAT (a newer one is refused with its own sentence)
    game id        1 byte of length, then the id in ASCII
    deal           unsigned LEB128 varint, 1..MAX_DEAL
    options        every option of the game, in sorted name order: a bool as one byte
                   (0 or 1), an int as a zigzag varint, a text as a varint length and UTF-8
    moves          a varint: how many moves; one byte: 1 when the last one is "resign"
    the moves      a varint length and that many bytes: one big-endian integer N
    check          4 bytes: CRC-32 of everything before it, big-endian

The moves are one mixed-radix number: before move i the position has n_i legal moves,
sorted by their text (the save format's move texts, which never change meaning), and the
move made is the k_i-th of them; N = k_1 + n_1 (k_2 + n_2 (k_3 + ...)). A forced move costs
nothing, and a game of a few hundred moves takes a few hundred characters (README,
"Share a game"). Giving up is not a listed move: it can only end a game, so one flag
says it did.

Decoding reads a link as hostile input, like every address (game/ui/urlstate.py): its
length, alphabet, every field, the check, that each move is legal when it is made, that
nothing is left over, and that the game encodes back to exactly the same text. Anything
else raises BadLink with one sentence for the player (tests/test_replay.py fuzzes it).
"""

from __future__ import annotations

import base64
import re
import zlib

from ..engine import MAX_DEAL, MIN_DEAL, Game
from ..games import known, load
from ..i18n import tr

FORMAT = 1
MAX_TEXT = 4000  # characters of a link's code; the longest games take under 500 (README)
MAX_MOVES = 4000  # moves of one game; no game of the site comes near (README)
MAX_OPTION_TEXT = 32  # bytes of a text option
CODE = re.compile(r"[A-Za-z0-9_-]*")


class BadLink(ValueError):
    """A link that holds no game this site can show; str(error) is one sentence."""


def damaged() -> BadLink:
    return BadLink(tr("This link is damaged or incomplete, so it holds no game to show."))


# -- bytes -----------------------------------------------------------------------------


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


class _Reader:
    """Bytes read field by field; any shortfall or oddity is damage."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if count < 0 or self.at + count > len(self.data):
            raise damaged()
        piece = self.data[self.at:self.at + count]
        self.at += count
        return piece

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self, limit: int) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            shift += 7
            if value > limit or (byte == 0 and shift > 7):  # too big, or not the shortest
                raise damaged()
            if not byte & 0x80:
                return value


def _sorted_texts(game: Game) -> list[str]:
    return sorted(str(move) for move in game.legal_moves())


# -- writing -----------------------------------------------------------------------------


def encode(game: Game) -> str:
    """The link code of `game` (dealt by number; `game` itself is not changed)."""
    if game.deal is None:
        raise ValueError("Only a game dealt by its number can be shared.")
    cls = type(game)
    moves = [str(move) for move in game.move_stack]
    resigned = bool(moves) and moves[-1] == "resign"
    played = moves[:-1] if resigned else moves
    if len(moves) > MAX_MOVES:
        raise ValueError(f"A game of {len(moves)} moves is too long to share.")
    again = cls.new(deal=game.deal, **game.options)
    number, weight = 0, 1
    for text in played:
        texts = _sorted_texts(again)
        number += texts.index(text) * weight
        weight *= len(texts)
        again.push(again.parse_move(text))
    out = bytearray([FORMAT])
    ident = cls.id.encode("ascii")
    out += bytes([len(ident)]) + ident + _varint(game.deal)
    for name in sorted(cls.OPTIONS):
        out += _option_bytes(game.options[name])
    out += _varint(len(moves)) + bytes([int(resigned)])
    digits = number.to_bytes((number.bit_length() + 7) // 8, "big")
    out += _varint(len(digits)) + digits
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def _option_bytes(value: object) -> bytes:
    if isinstance(value, bool):
        return bytes([int(value)])
    if isinstance(value, int):
        return _varint(value * 2 if value >= 0 else -value * 2 - 1)
    text = str(value).encode("utf-8")
    return _varint(len(text)) + text


# -- reading -----------------------------------------------------------------------------


def decode(text: object) -> Game:
    """The game a link code holds, replayed move by move; BadLink (one sentence) when the
    code is not one this site wrote for a game it has."""
    if not isinstance(text, str) or not CODE.fullmatch(text) or len(text) % 4 == 1:
        raise damaged()
    if len(text) > MAX_TEXT:
        raise BadLink(tr("This link is too long to be a game of this site."))
    if not text:
        raise damaged()
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    reader = _Reader(data)
    version = reader.byte()
    if version > FORMAT:
        raise BadLink(tr("This link was made by a newer version of this site, so it cannot "
                         "be shown here."))
    if version != FORMAT or len(data) < 5 or zlib.crc32(data[:-4]) != int.from_bytes(
            data[-4:], "big"):
        raise damaged()
    reader.data = data[:-4]
    ident = reader.take(reader.byte()).decode("ascii", "replace")
    if not known(ident):
        raise BadLink(tr("This link is for a game this site does not have."))
    cls = load(ident).engine
    deal = reader.varint(MAX_DEAL)
    if deal < MIN_DEAL:
        raise damaged()
    options = {name: _read_option(reader, cls.OPTIONS[name]) for name in sorted(cls.OPTIONS)}
    count = reader.varint(MAX_MOVES)
    resigned = reader.byte()
    if resigned not in (0, 1) or count < resigned:
        raise damaged()
    number = int.from_bytes(reader.take(reader.varint(len(data))), "big")
    if reader.at != len(reader.data):
        raise damaged()
    illegal = BadLink(tr("This link holds moves the rules do not allow, so it cannot be "
                         "shown."))
    try:
        game = cls.new(deal=deal, **options)
    except ValueError:  # options out of range for the game
        raise damaged() from None
    for _ in range(count - resigned):
        texts = _sorted_texts(game)
        if not texts:
            raise illegal
        number, index = divmod(number, len(texts))
        game.push(game.parse_move(texts[index]))
    if resigned:
        if game.is_over():
            raise illegal
        game.resign()
    if number or encode(game) != text:  # digits left over, or not the one way to write it
        raise damaged()
    return game


def _read_option(reader: _Reader, default: object) -> object:
    if isinstance(default, bool):
        value = reader.byte()
        if value > 1:
            raise damaged()
        return bool(value)
    if isinstance(default, int):
        raw = reader.varint(1 << 40)
        return raw // 2 if raw % 2 == 0 else -(raw + 1) // 2
    raw = reader.take(reader.varint(MAX_OPTION_TEXT))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise damaged() from None
