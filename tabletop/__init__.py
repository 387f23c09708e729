"""tabletop: rules engines, bots and interfaces for Grand Austria Hotel and Burger Joint."""

__version__ = "0.1.0"
