"""The golden data of tests/test_golden.py, importable without pytest (tests/fingerprint.py
runs it under Pyodide too): the playthrough policy of tools/make_golden.py and the pinned share
codes."""

from __future__ import annotations

from tarot_core.ai import choose_action
from tarot_core.dealing import DealRng, deal
from tarot_core.french import FrenchDeal, Phase


def replay_policy(case):
    """Play the case's deal by its policy (tools/make_golden.py's docstring), from scratch."""
    players, seed = case["players"], case["seed"]
    game = FrenchDeal(deal(seed, players, case["dealer"]))
    rng = DealRng(f"golden-play/{players}/{seed.rsplit('/', 1)[1]}")
    policy = case["policy"]
    while not game.is_over:
        if policy == "random" or (policy == "mixed" and game.phase is Phase.PLAY):
            legal = game.legal_actions()
            action = legal[rng.below(len(legal))]
        else:
            action = choose_action(game.view(game.turn), seed, len(game.history))
        game.apply(action)
    return game


#: Share codes made by the build of commit 1f79a4e (computer player v1), with the match totals
#: their replay gives (seat 0 first).
PINNED_CODES = [
    ("1.2026-11-30.4.8.-6297.EQLu51Cd6jlpsGuPUuXXgLmSCRG6Y71-cBx4VQ-3wi0dpCWhEDfRvGeG0mueL2AD33k.HjBUDWgo",
     [-6297, 2099, 2099, 2099]),
    ("1.2026-12-01.4.8.90.P15xYKJOolZFudhrdJzD3JQAWgKyHh8wkht0J8iPC2BmKJ8lGJ089ZWDD_LYDRljlQ.r4HVbCrw",
     [90, -38, -182, 130]),
    ("1.2026-12-01.3.3.-1389.eEcFdyBpOGkkU3CxBKPwuTYZDCwC.JKW0cgcs", [-1389, 741, 648]),
    ("1.2026-12-01.5.3.-912.iBtpf392WHu5WN4.F8rvCKr1", [-912, 231, 323, 179, 179]),
    ("1.2027-02-28.4.2.-1044.Md6LmrGRomPKYn6JjXE.gX0DQLMx", [-1044, 348, 348, 348]),
]


#: The same games in format 2, which names the game and the computer player (made by the build
#: that introduced it; the moves and the claimed score are those of the format-1 codes above).
PINNED_CODES_2 = [
    ("2.french.v1.2026-12-01.3.3.-1389.eEcFdyBpOGkkU3CxBKPwuTYZDCwC.oU7o1-My", PINNED_CODES[2]),
    ("2.french.v1.2026-12-01.5.3.-912.iBtpf392WHu5WN4.WiJexpz9", PINNED_CODES[3]),
]
