# The rule file as an extension type over EngineBase (see base.pxd): its methods reach the
# state's fields directly.
from tabletop.games.grand_austria_hotel.engine.base cimport EngineBase, Player

cdef class Effects(EngineBase):
    pass
