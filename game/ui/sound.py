"""Sound effects, made by the page itself with the Web Audio API (nothing is fetched):
a card placed, cards dealt, cards leaving the board (a book, a pair), a refusal and a win.

Which effect a reply makes is `effect_of` (pure, tested in CPython); `Sound` plays it.
Making an AudioContext costs the main thread tens of milliseconds the first time (the
browser starts its audio service: 45 ms in headless Chromium here, and the first move of a
visit had a long task of 58-62 ms with sound on against none with it off). So it is made
ahead, after the frame of the player's first press or key (an activation: browsers let a
page start audio only after one), or, once the page has had one (the player came from
the game list), after a frame when the pointer moves; a move made before that makes it
itself, as it always did. Never while the setting is off: with sound off the page makes
no audio at all. Nothing sounds before the player's own action: a computer player's move
at the table sounds only once the player's own play has started the audio.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import Kind

if TYPE_CHECKING:
    from .page import Page
    from .session import Reply

# Each effect: tones of (start s, length s, frequency Hz, end frequency Hz, peak gain,
# wave type), short and quiet; `noise` effects add a filtered noise burst of that length.
TONES: dict[str, tuple[tuple[float, float, float, float, float, str], ...]] = {
    "place": ((0.0, 0.07, 520.0, 380.0, 0.10, "triangle"),),
    "deal": ((0.0, 0.05, 700.0, 500.0, 0.06, "triangle"), (0.06, 0.05, 640.0, 460.0, 0.05,
                                                            "triangle")),
    "book": ((0.0, 0.12, 660.0, 660.0, 0.09, "sine"), (0.09, 0.22, 990.0, 990.0, 0.08, "sine")),
    "refuse": ((0.0, 0.16, 160.0, 120.0, 0.10, "square"),),
    "win": tuple((i * 0.12, 0.28, f, f, 0.09, "sine")
                 for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))),
}
# The events after which the AudioContext is made ahead of the first sound (`Sound._soon`).
LOOKOUT = ("pointerdown", "keydown", "pointermove")
SOUNDING = {Kind.PLACE: "place", Kind.BUILD: "place", Kind.UNDER: "place", Kind.SWAP: "place",
            Kind.DEAL: "deal", Kind.REDEAL: "deal", Kind.REMOVE: "book", Kind.PAIR: "book"}


def effect_of(reply: Reply, won: bool) -> str:
    """The effect a reply makes ('' for none): a refusal, a win, or the move's kind."""
    if reply.refused:
        return "refuse"
    if reply.moved is None:
        return ""
    if won:
        return "win"
    return SOUNDING.get(reply.moved.gesture.kind, "")


class Sound:
    """Plays the effect of every reply while `enabled()` says so."""

    def __init__(self, page: Page, enabled: Callable[[], bool]) -> None:
        self.page = page
        self.enabled = enabled
        self.context = None  # the AudioContext, made ahead (`_prepare`) or by the first sound
        self.started = False  # a sound of the player's own action has played
        page.on("changed", self._changed)
        from js import document

        from .dom import proxy

        self._listener = proxy(self._soon)  # taken off once the context is made
        for event in LOOKOUT:
            document.addEventListener(event, self._listener, True)

    def _soon(self, event) -> None:
        """Make the AudioContext after the next frame, once the page may start audio. With
        sound off, stop listening: every pointer move would call into Python for nothing (a
        sound turned on later makes the context with its first effect)."""
        if self.context is not None or not self.enabled():
            self._stop_listening()
            return
        from .dom import after_paint, had_activation

        if event.type != "pointermove" or had_activation():
            after_paint(self._prepare)

    def _prepare(self) -> None:
        if self.context is None and self.enabled():
            self._make()

    def _make(self) -> bool:
        from js import window

        try:
            self.context = window.AudioContext.new()
        except Exception:  # noqa: BLE001 - no Web Audio, or audio refused: silence
            return False
        self._stop_listening()
        return True

    def _stop_listening(self) -> None:
        from js import document

        for event in LOOKOUT:
            document.removeEventListener(event, self._listener, True)

    def _changed(self, reply: Reply, _before) -> None:
        session = self.page.session
        if session is None or not self.enabled():
            return
        outcome = session.game.outcome()
        effect = effect_of(reply, outcome is not None and outcome.won)
        if effect:
            self.play(effect, gesture=reply.kind != "computer")

    def play(self, effect: str, gesture: bool = True) -> None:
        if not self.enabled():
            return
        if not self.started:
            if not gesture:
                return  # audio starts only from the player's own action
            if self.context is None and not self._make():
                return
            self.started = True
        ctx = self.context
        if str(ctx.state) == "suspended":
            ctx.resume()
        now = float(ctx.currentTime)
        for start, length, freq, end_freq, peak, wave in TONES[effect]:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.type = wave
            at = now + start
            osc.frequency.setValueAtTime(freq, at)
            osc.frequency.exponentialRampToValueAtTime(end_freq, at + length)
            gain.gain.setValueAtTime(0.0001, at)
            gain.gain.exponentialRampToValueAtTime(peak, at + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(at)
            osc.stop(at + length + 0.02)
