"""The numbers that tell a click from a drag and a double-click from two clicks.

Pure (no browser), so that `bench/latency_page.py` paces its taps by the page's own
figures; `pointer.py` (the page's mouse and touch input) uses them.
"""

DRAG_THRESHOLD = 6  # pixels a press must travel to become a drag
# The second click of a double-click after a click that made a move only plays a move,
# never picks cards up (issue 18: it picked up the card that had just refilled the cell).
# Page.touch's `quick`. A mouse's double-click is the system's (the click count the browser
# gives mousedown, so two separate quick clicks stay two clicks); a tap counts as the
# second of a double-tap when it comes this soon after, and this close to, the first.
DOUBLE_CLICK_MS = 500
DOUBLE_CLICK_PX = 8
