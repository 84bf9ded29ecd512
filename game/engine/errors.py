"""The errors of the engine: a move refused, and a save of a newer format."""


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is a sentence a player can read."""


class NewerSave(ValueError):
    """A save written by a newer version of the site (its format version is above
    SAVE_VERSION): it cannot be read here, and is kept aside rather than dropped."""
