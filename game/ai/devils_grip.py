"""Solver, hint and greedy player for Devil's Grip (prototype)."""

from __future__ import annotations

from ..engine import Move
from ..engine.cards import SUITS
from ..games.devils_grip import CHAIN, DEAL, DEVILS_GRIP_DECK, REDEAL, STEP, SUIT, Build

# A card as a number 0..47: its suit-sequence (suit x 3 + chain) x 4 + its step.
CODE = {card: (SUITS.index(SUIT[card]) * 3 + CHAIN[card]) * 4 + STEP[card]
        for card in DEVILS_GRIP_DECK}


class DevilsGripRules:
    sound = True

    def key(self, game):
        code = CODE
        cells = game.cells
        bottoms = sorted([code[c[0]] for c in cells if c])
        tops = sorted([code[c[-1]] for c in cells if c])
        stock = bytes([code[c] for c in game.stock])
        waste = bytes([code[c] for c in game.waste])
        head = bytes(bottoms) + bytes(tops) + bytes((len(stock), game.redeals
                                                     if game.options["passes"] else 0))
        return head + stock + waste

    def moves(self, game):
        code = CODE
        cells = game.cells
        top_at = {}
        for i, cell in enumerate(cells):
            if cell:
                top_at[code[cell[-1]]] = i
        stock, waste = game.stock, game.waste
        refill = code[stock[-1]] if stock else (code[waste[-1]] if waste else -1)
        base_refill = refill >= 0 and refill & 3 == 0
        first, empties = [], []
        done = set()
        for i, cell in enumerate(cells):
            if not cell:
                continue
            b = code[cell[0]]
            if b & 3 and b not in done and (b - 1) in top_at:
                done.add(b)
                (first if base_refill else empties).append(Build(i, top_at[b - 1], len(cell)))
        wb = []
        if waste:
            w = code[waste[-1]]
            if w & 3 and (w - 1) in top_at:
                wb.append(Build(-1, top_at[w - 1], 1))
        tail = []
        if stock:
            tail.append(DEAL)
        elif game.can_redeal():
            tail.append(REDEAL)
        return first + wb + tail + empties

    def won(self, game):
        return not game.stock and not game.waste

    def value(self, game):
        return -len(game.stock) - len(game.waste)


RULES = DevilsGripRules()


def hint(game) -> Move | None:
    return greedy(game)


def greedy(game) -> Move | None:
    if game.is_over():
        return None
    moves = RULES.moves(game)
    return moves[0] if moves else None
