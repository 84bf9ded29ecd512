"""The board's layers (issue 16, cheap frames): the table's backdrop is a compositor layer
of its own and so is every card of the board, so a move re-rasters the cards it touches and
never the backdrop under them (README, "What made frames cheap"). Read from Chromium's
layer tree (the DevTools protocol's LayerTree domain): what is composited, not how fast,
which the benchmark measures (bench/latency.py --paint)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error, Page

GAMES = ["devils-square", "devils-grip", "kings-corner-solitaire"]


def layers(page: Page, cards: set[str]) -> list[dict]:
    """The page's compositor layers, each with the node that owns it (tag, id, classes):
    the newest tree the compositor sends once every card in `cards` owns a layer, else the
    last one sent within 10 s. (A loaded machine may send a tree of a frame before the
    board's cards were promoted: one such tree is not the answer.)"""
    cdp = page.context.new_cdp_session(page)
    seen: dict = {}
    cdp.on("LayerTree.layerTreeDidChange", lambda event: seen.update(tree=event.get("layers")))
    cdp.send("DOM.getDocument")
    cdp.send("LayerTree.enable")
    found: list[dict] = []
    for attempt in range(20):
        page.mouse.move(1 + attempt % 2, 1)  # a frame, so a tree is sent
        page.wait_for_timeout(500)
        tree = seen.get("tree")
        if not tree:
            continue
        found = [_owner(cdp, layer) for layer in tree]
        if cards <= {layer["data-card"] for layer in found if "data-card" in layer}:
            break
    cdp.detach()
    return found


def _owner(cdp, layer: dict) -> dict:
    """One layer: whether it draws, and the attributes of the node that owns it."""
    owner = {}
    if layer.get("backendNodeId") and layer.get("drawsContent"):
        try:
            node = cdp.send("DOM.describeNode", {"backendNodeId": layer["backendNodeId"]})["node"]
        except Error:  # (a node gone since the tree was sent: a layer of no card)
            node = {}
        attrs = node.get("attributes", [])
        owner = dict(zip(attrs[0::2], attrs[1::2], strict=True))
        owner["tag"] = node.get("localName") or node.get("nodeName", "")
        owner["pseudo"] = node.get("pseudoType", "")
    return {"draws": bool(layer.get("drawsContent")), **owner}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_backdrop_and_every_card_of_the_board_are_layers_of_their_own(open_site, game_id):
    page = open_site(f"/?game={game_id}&deal=3")
    cards = set(page.eval_on_selector_all("#board [data-card]",
                                          "els => els.map(e => e.dataset.card)"))
    found = layers(page, cards)
    composited = {layer["data-card"] for layer in found if "data-card" in layer}
    assert cards and composited == cards, f"cards not on layers: {sorted(cards - composited)}"
    assert any(layer.get("pseudo") == "before" or layer.get("tag") == "::before"
               for layer in found), f"the backdrop (body::before) is not a layer: {found[:5]}"
