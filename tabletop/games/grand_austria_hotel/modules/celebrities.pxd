# Types for the compiled build (see engine/base.pxd): the rule hooks' ``st: EngineBase`` and
# ``pl: Player`` arguments become the extension types, whose fields are read without a lookup.
from tabletop.games.grand_austria_hotel.engine.base cimport EngineBase, Player
