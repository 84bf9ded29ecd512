"""game/dataclass_code.py: the methods @dataclass writes, compiled at build time, make the
same classes as compiling them at start-up does; a text the table lacks is compiled as
before. (That the page's build carries the table and makes every class of a game's start
from it is e2e/test_boot.py's.)"""

from __future__ import annotations

import dataclasses
import marshal
import sys
import textwrap

import pytest

from game import dataclass_code
from game.dataclass_code import Known, install, record

MODULE = textwrap.dedent('''
    from __future__ import annotations
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Card:
        """A value object: equality, hash, repr."""
        rank: int
        suit: str = "S"

    @dataclass
    class Pile:
        """Mutable, a default factory, a field left out of repr and compare."""
        cards: list[Card] = field(default_factory=list)
        seen: int = field(default=0, repr=False, compare=False)
''')


@pytest.fixture
def sample(tmp_path, monkeypatch):
    """A module `dc_sample` with two dataclasses, importable (and forgotten after)."""
    (tmp_path / "dc_sample.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "dc_sample"
    sys.modules.pop("dc_sample", None)


def fresh(name: str):
    """The module imported again: its classes made again."""
    sys.modules.pop(name, None)
    return __import__(name)


def exercise(module) -> tuple:
    card = module.Card(12, "H")
    pile = module.Pile([card], seen=3)
    return (card == module.Card(12, "H"), hash(card) == hash(module.Card(12, "H")),
            repr(card), repr(pile), pile == module.Pile([module.Card(12, "H")]),
            module.Pile().cards, dataclasses.fields(module.Pile)[1].repr)


def test_a_recorded_table_makes_the_same_classes_without_compiling(sample, monkeypatch):
    table = record([sample])
    assert not hasattr(dataclasses, "exec")  # recording leaves dataclasses as it was
    assert len(table) >= 2 and all(isinstance(text, str) for text in table)
    plain = exercise(fresh(sample))
    known = Known(table)
    monkeypatch.setattr(dataclasses, "exec", known, raising=False)
    assert exercise(fresh(sample)) == plain
    assert known.found == len(table) and known.compiled == 0


def test_a_text_the_table_lacks_is_compiled_as_before(sample, monkeypatch):
    known = Known({})
    monkeypatch.setattr(dataclasses, "exec", known, raising=False)
    plain_repr = repr(fresh(sample).Card(1))
    assert plain_repr.endswith("Card(rank=1, suit='S')")
    assert known.found == 0 and known.compiled >= 2


def test_a_table_maps_each_text_to_the_code_compiled_from_it(sample):
    table = record([sample])
    for text, code in table.items():
        assert code.co_filename == "<string>"
        assert code == compile(text, "<string>", "exec")


def test_no_table_beside_the_package_installs_nothing(monkeypatch):
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    assert install() is None  # the game package from its folder: no table is built there
    assert not hasattr(dataclasses, "exec")


@pytest.mark.parametrize("data", [b"", b"not marshal data", b"\xe9\x00\x00\x00\x00"])
def test_a_damaged_table_installs_nothing(data, monkeypatch):
    class Loader:
        def get_data(self, path):
            assert path.endswith(dataclass_code.TABLE)
            return data

    monkeypatch.setattr(dataclass_code.__spec__, "loader", Loader())
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    assert install() is None
    assert not hasattr(dataclasses, "exec")


def test_the_table_read_beside_the_package_is_what_dataclasses_runs(sample, monkeypatch):
    table = record([sample])

    class Loader:  # as zipimport hands game.zip's file to the page
        def get_data(self, path):
            assert path.endswith(dataclass_code.TABLE)
            return marshal.dumps(table)

    monkeypatch.setattr(dataclass_code.__spec__, "loader", Loader())
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    known = install()
    try:
        assert dataclasses.exec is known and known.table == table
        fresh(sample)
        assert known.found == len(table) and known.compiled == 0
    finally:
        del dataclasses.exec
