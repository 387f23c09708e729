# Types for the compiled build (see engine/base.pxd): the evaluation reads the state's fields
# (``st: EngineBase``, ``pl: Player``) without a lookup.
from tabletop.games.grand_austria_hotel.engine.base cimport EngineBase, Player
