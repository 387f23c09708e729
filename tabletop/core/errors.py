"""Errors that carry a message a person can act on."""


class TabletopError(Exception):
    """Base of the project's own errors."""


class IllegalAction(TabletopError):
    """An action that is not legal now; the state is left untouched."""


class InvalidPosition(TabletopError):
    """A position (or config) that does not describe a valid state."""


class DataError(TabletopError):
    """A card/board data file (or override file) that does not validate."""
