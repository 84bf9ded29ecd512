"""The one error a game raises for a move it refuses."""


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is a sentence a player can read."""
