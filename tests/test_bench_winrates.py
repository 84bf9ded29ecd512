"""bench/winrates.py's retry: which undecided deals it solves again. A made-up results
file in a temporary folder; nothing is solved."""

from __future__ import annotations

import bench.winrates as winrates


def test_a_retry_skips_deals_already_left_undecided_with_as_many_nodes(tmp_path, monkeypatch):
    monkeypatch.setattr(winrates, "RESULTS", tmp_path)
    path = winrates.path_of("devils-grip", "passes1", "solver")
    path.write_text("deal,status,value,nodes,ms\n"
                    "1,lost,-40,44355,386.6\n"
                    "2,unknown,-60,100000,900.0\n"
                    "3,unknown,-61,100000,900.0\n"
                    "4,unknown,-62,100000,900.0\n"
                    "3,unknown,-63,6000000,40000.0\n"  # a later line (a retry) replaces
                    "4,won,0,3000000,20000.0\n")
    asked = []
    monkeypatch.setattr(winrates, "grow", lambda *args, only: asked.append(only))
    winrates.retry("devils-grip", "passes1", 6_000_000, 1)
    assert asked == [[2]]
    winrates.retry("devils-grip", "passes1", 8_000_000, 1)
    assert asked[-1] == [2, 3]
