"""The scenario builder itself: clean positions load and play."""

from tests.gah.scenario import Scenario


def test_photographer_moves_in_and_draws_two_staff():
    """components.md 1.1 #55 Photographer: 7 VP, reward draw 2 staff; 003 moving guests."""
    st = (Scenario(players=2).guest(0, 55, served="full").rooms(0, prepared=[1])
          .staff_deck(["chef", "butler"]).dice({1: 2}).turn(0).state())
    assert "m0r1" in st.legal_actions()
    st.apply("m0r1")
    pl = st.players[0]
    assert pl.rooms[1] == 2
    assert pl.vp_src[0] == 7
    assert [st.rules.staff[s].slug for s in pl.hand] == ["chef", "butler"]
    assert pl.cafe[0] == 0
