"""The Grand Austria Hotel rules engine: ``rules.GahRules`` assembled from its rule files
(``state.GahState`` one level up adds words, views and positions).

Rule references in comments: ``000`` is the 2015 rulebook, ``003`` the Yucata
2021 rules (the default edition). The flow of a game:

    draft (variant) -> starting guests (reverse order) -> starting rooms
    -> 7 x [roll (chance) -> turns in snake order, passes and re-rolls
            -> (rounds 3/5/7) emperor scoring -> round clean-up]
    -> final scoring

Pending decisions are frames on ``self.stack`` (immutable tuples whose first
element names the kind). ``fx`` frames hold a list of effects still to carry
out; they are processed automatically and may push decision frames. A
decision frame whose only legal action is ``done`` resolves by itself.
"""
