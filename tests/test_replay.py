"""A whole game as a link (game/share/replay.py): every game round-trips on random play,
the longest games too, and decoding refuses every malformed, truncated, oversized, foreign
and illegal code with one sentence (a fuzz test in the manner of test_urlstate_fuzz.py).

The seeds are fixed: a failure names its seed and code, and reruns the same.
"""

from __future__ import annotations

import base64
import random
import zlib

import pytest

from game.games import GAMES
from game.i18n import set_language
from game.share import replay
from game.share.replay import MAX_MOVES, MAX_TEXT, BadLink, decode, encode

from .test_urlstate_fuzz import HOSTILE, check_message


def random_game(game_id: str, rng: random.Random, limit: int = 600, resign: float = 0.004):
    """A game of `game_id` played at random to its end, given up now and then, or stopped
    at `limit` moves."""
    game = GAMES[game_id].new(deal=rng.randint(1, 999_999_999),
                              **random_options(game_id, rng))
    while not game.is_over() and len(game.move_stack) < limit:
        if rng.random() < resign:
            game.resign()
            break
        game.push(rng.choice(game.legal_moves()))
    return game


def random_options(game_id: str, rng: random.Random) -> dict:
    """Options the game accepts: its flags set at random (others stay at their defaults),
    or the defaults when the game refuses that mix (a Classic option under Jax rules)."""
    options = {name: rng.random() < 0.5 for name, default in GAMES[game_id].OPTIONS.items()
               if isinstance(default, bool)}
    try:
        GAMES[game_id].check_options(options)
    except ValueError:
        return {}
    return options


def check_refused(code: object) -> str:
    with pytest.raises(BadLink) as error:
        decode(code)
    check_message(str(error.value))
    return str(error.value)


def raw(data: bytes, check: bool = True) -> str:
    """Bytes as a code, with a good check when `check`."""
    if check:
        data += zlib.crc32(data).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def fields(game_id: str, deal: int = 5, options: bytes | None = None, count: int = 0,
           resigned: int = 0, number: int = 0, version: int = replay.FORMAT) -> bytes:
    cls = GAMES.get(game_id)
    if options is None:
        options = b"".join(replay._option_bytes(cls.OPTIONS[n]) for n in sorted(cls.OPTIONS))
    digits = number.to_bytes((number.bit_length() + 7) // 8, "big")
    ident = game_id.encode()
    return (bytes([version, len(ident)]) + ident + replay._varint(deal) + options
            + replay._varint(count) + bytes([resigned]) + replay._varint(len(digits)) + digits)


# -- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_round_trips_on_random_play(game_id):
    rng = random.Random(game_id)
    for _ in range(6):
        game = random_game(game_id, rng, limit=400)
        code = encode(game)
        again = decode(code)
        assert again.to_save() == game.to_save()
        assert again.outcome() == game.outcome()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_longest_games_round_trip(game_id):
    """Random play without giving up, up to 2000 moves: far longer than any real game
    (Devil's Grip's swaps make the longest ones), within the link's limits."""
    rng = random.Random(f"long {game_id}")
    longest = max((random_game(game_id, rng, limit=2000, resign=0) for _ in range(2)),
                  key=lambda game: len(game.move_stack))
    code = encode(longest)
    assert len(code) < MAX_TEXT
    assert decode(code).to_save() == longest.to_save()


def test_a_game_without_moves_and_one_given_up_at_once():
    for game_id, cls in GAMES.items():
        game = cls.new(deal=1)
        assert decode(encode(game)).move_stack == []
        game.resign()
        again = decode(encode(game))
        assert again.is_over() and again.outcome().resigned, game_id


def test_encoding_leaves_the_game_as_it_is():
    game = random_game("devils-grip", random.Random(3))
    before = game.to_save()
    encode(game)
    assert game.to_save() == before


def test_a_game_dealt_from_a_deck_is_not_shared():
    cls = GAMES["devils-square"]
    with pytest.raises(ValueError):
        encode(cls.new(deck=list(cls.DECK)))


# -- refusals -----------------------------------------------------------------------------


def test_odd_values_are_refused():
    for code in [None, 5, b"abc", [], "", "=", "A", "AB=", "a b", "abc+/", "é", "\x00",
                 *HOSTILE, "A" * (MAX_TEXT + 4), "_" * 5000]:
        check_refused(code)


def test_a_code_too_long_says_so():
    assert "too long" in check_refused("A" * (MAX_TEXT + 4))


def test_crafted_codes_with_a_good_check_are_still_refused():
    cls = GAMES["devils-square"]
    assert decode(raw(fields("devils-square"))).move_stack == []  # the crafting is right
    newer = check_refused(raw(fields("devils-square", version=replay.FORMAT + 1)))
    assert "newer version" in newer
    assert "does not have" in check_refused(raw(fields("chess", options=b"")))
    assert "does not have" in check_refused(raw(fields("devils_square", options=b"")))
    for bad in [
        fields("devils-square", version=0),
        fields("devils-square", deal=0),
        fields("devils-square", deal=1_000_000_000),
        fields("devils-square", options=b"\x02"),  # a bool of 2
        fields("devils-square", options=b""),  # an option missing
        fields("devils-square", resigned=2, count=3),
        fields("devils-square", resigned=1, count=0),
        fields("devils-square", count=MAX_MOVES + 1),
        fields("devils-square", number=1),  # digits left over: no moves to spend them on
        fields("devils-square") + b"\x00",  # a byte after the last field
        fields("devils-grip", options=b"\x04\x00"),  # draw 2: no such Devil's Grip
        b"\x01\x0ddevils-square\x85\x00",  # a varint not in its shortest form
    ]:
        check_refused(raw(bad))
    check_refused(raw(fields("devils-square"), check=False))
    assert cls  # the game exists: refusals above are about the code alone


def number_of(game) -> int:
    """The moves of `game` as encode writes them (its mixed-radix number)."""
    again = GAMES[game.id].new(deal=game.deal, **game.options)
    number, weight = 0, 1
    for move in game.move_stack:
        texts = sorted(str(m) for m in again.legal_moves())
        number += texts.index(str(move)) * weight
        weight *= len(texts)
        again.push(str(move))
    return number


def test_moves_past_the_end_are_illegal():
    rng = random.Random(1)
    game = GAMES["devils-square"].new(deal=77)
    while not game.is_over():
        game.push(rng.choice(game.legal_moves()))
    count, number = len(game.move_stack), number_of(game)
    assert decode(raw(fields("devils-square", deal=77, count=count, number=number))).is_over()
    extra = fields("devils-square", deal=77, count=count + 1, number=number)
    assert "rules do not allow" in check_refused(raw(extra))
    gave_up = fields("devils-square", deal=77, count=count + 1, resigned=1, number=number)
    assert "rules do not allow" in check_refused(raw(gave_up))


MUTATIONS = ("truncate", "drop", "flip", "insert", "append", "swap", "double")


def mutate(rng: random.Random, code: str) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    way = rng.choice(MUTATIONS)
    at = rng.randrange(len(code))
    if way == "truncate":
        return code[:at]
    if way == "drop":
        return code[:at] + code[at + 1:]
    if way == "flip":
        return code[:at] + rng.choice(alphabet.replace(code[at], "")) + code[at + 1:]
    if way == "insert":
        return code[:at] + rng.choice(alphabet + "=+/ .%<") + code[at:]
    if way == "append":
        return code + "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
    if way == "swap" and at + 1 < len(code) and code[at] != code[at + 1]:
        return code[:at] + code[at + 1] + code[at] + code[at + 2:]
    return code + code


@pytest.mark.parametrize("seed", range(30))
def test_damaged_codes_are_refused(seed):
    """Every damaged code is refused with one sentence (or, by a one-in-four-billion
    chance of the check, is some other whole game that writes back as itself)."""
    rng = random.Random(seed)
    game_id = rng.choice(sorted(GAMES))
    code = encode(random_game(game_id, rng, limit=120))
    for _ in range(25):
        bad = mutate(rng, code)
        if bad == code:
            continue
        try:
            again = decode(bad)
        except BadLink as error:
            check_message(str(error))
            continue
        except Exception as error:  # noqa: BLE001 - name the seed and code, then fail
            raise AssertionError(f"seed {seed}: {bad!r}") from error
        assert encode(again) == bad, f"seed {seed}: {bad!r}"


@pytest.mark.parametrize("seed", range(10))
def test_random_text_is_refused(seed):
    rng = random.Random(seed)
    for _ in range(100):
        size = rng.choice([1, 2, 3, 5, 8, 16, 40, 200])
        text = "".join(rng.choice("ABCDEFabcdef0123456789-_") for _ in range(size))
        check_refused(text)


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_refusals_are_said_in_the_players_language(lang):
    set_language(lang)
    try:
        message = check_refused("AAAA")
        assert message != "This link is damaged or incomplete, so it holds no game to show."
    finally:
        set_language("en")


# -- the page's reading of a shared address (game/ui/sharelink.py) ----------------------------


def test_a_shared_address_reads_back_its_game():
    from game.ui.sharelink import Timeline, is_shared, parse_shared, shared_query

    game = random_game("devils-grip", random.Random(8), limit=80)
    if not game.is_over():
        game.resign()  # a challenge holds a finished game (tests/test_challenge.py)
    for kind in ("watch", "beat"):
        query = shared_query(kind, game)
        assert is_shared(query) and is_shared(query + "#x")
        shared = parse_shared(query)
        assert (shared.kind, shared.error) == (kind, "")
        assert shared.line == [str(m) for m in game.move_stack]
    timeline = Timeline(shared.line)
    fresh = GAMES["devils-grip"].new(deal=game.deal, **game.options)
    assert timeline.go(fresh, 10**6) == len(shared.line)
    assert fresh.to_save() == game.to_save()
    assert timeline.go(fresh, -5) == len(shared.line) and fresh.move_stack == []
    timeline.go(fresh, 3)
    assert [str(m) for m in fresh.move_stack] == shared.line[:3]
    assert not is_shared("?game=devils-grip&deal=3") and not is_shared("")


def test_hostile_shared_addresses_give_one_sentence():
    from game.ui.sharelink import parse_shared, shared_query

    game = random_game("devils-square", random.Random(2), limit=30)
    good = shared_query("watch", game)
    table = GAMES["kings-corner"].new(deal=4)
    for query in [good + "&game=devils-square", good + "&watch=", "?watch=", "?beat=%00",
                  "?watch=" + "A" * 50_000, "?watch=<script>", "?beat=" + good[7:-2],
                  "?watch=" + encode(table), *(f"?watch={text}" for text in HOSTILE)]:
        shared = parse_shared(query)
        assert shared.game is None and shared.error, query
        check_message(shared.error)
