"""The standard 52-card faces (game/ui/stdface.py) as the page modules use them."""

from __future__ import annotations

from .. import stdface
from ..page_types import Faces

STANDARD_FACES = Faces(
    stdface.std_card_classes, stdface.std_card_inner_html, stdface.std_card_label,
    stdface.STD_SVG_SYMBOLS, stdface.std_card_the,
)
