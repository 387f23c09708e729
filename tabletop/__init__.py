"""tabletop: rules engines, bots and interfaces for Grand Austria Hotel and Burger Joint."""

from tabletop import fast as _fast

__version__ = "0.1.0"

# the hot modules run from their compiled build when one matches their sources (see fast/__init__.py)
_fast.install()
