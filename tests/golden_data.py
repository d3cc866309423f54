"""The golden data of tests/test_golden.py, importable without pytest (tests/fingerprint.py
runs it under Pyodide too): the playthrough policy of tools/make_golden.py and the pinned share
codes (the Hungarian ones are tests/services/test_hungarian_share.py's)."""

from __future__ import annotations

from tarot_core.ai import choose_action
from tarot_core.french.dealing import deal
from tarot_core.rng import DealRng
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


#: Hungarian Tarokk daily codes (format 2, computer player v1), made once by this build and pasted
#: here: ``(code, match totals, how seat 0 played)``, seat 0's move being
#: ``legal[rng.below(len(legal))]`` with one ``tarot_core.rng.DealRng(seed)`` for the whole match
#: (``hungarian_policy``). The five-player one has an all-pass first deal (the next deals doubled,
#: HU-8.4) and a deal that you deal, and so sit out (HU-9).
PINNED_CODES_HU = [
    ("2.hungarian.v1.2026-12-01.4.2.144.AijWYi2lUjF3.ofF14N2T", [144, 18, -144, -18],
     ("2026-12-01", 4, 2, "hu-share/4/0")),
    ("2.hungarian.v1.2026-12-01.5.2.-38.BJWyJg.XGWT2_17", [-38, -30, 30, 46, -8],
     ("2026-12-01", 5, 2, "hu-share/5/4")),
]

#: A Hungarian daily share code of rules revision 2 (format 3, made with the code of issue 31),
#: whose replay crosses both changed rules: deal 0, you bid three, seat 2 two, and your solo from
#: the hold invites with the XVIII (HU-3.1); deal 1, your trial three fails and you pay 1 to each
#: player (HU-3.3), in the totals. ``(code, totals, date)``; seat 0 played
#: ``test_hungarian_revisions.policy``.
PINNED_CODES_HU_R2 = [
    ("3.hungarian.v1.2.2026-04-22.4.8.8.FTS79pAp1s_AQjBPYnV5-Go1a-ucQkk.yr6vHjb6", [8, -34, -30, 56], "2026-04-22"),
]


def hungarian_policy(seed):
    """Seat 0's moves of :data:`PINNED_CODES_HU`: a draw of ``DealRng(seed)`` among the legal
    actions, one stream for the whole match."""
    from tarot_core.rng import DealRng

    rng = DealRng(seed)

    def seat0(game):
        legal = game.legal_actions()
        return legal[rng.below(len(legal))]

    return seat0


# --- the search player v2 (tarot_core.french.ai_v2): pinned choices -------------------------------

#: Positions ``(players, k, kind, ply, the choice of v2-strong)``: deal ``golden/v2/<players>/<k>``
#: (dealer ``k % players``) played by v1 (seed ``"golden"``) up to the first position of ``kind``
#: (:func:`v2_position`); the choice is the action entry of ``choose_action(view, "golden", ply,
#: level="strong")``. Pinned when v2 was published: v2-strong never changes its choices.
PINNED_V2 = [
    (3, 0, "ecart", 3, {"seat": 1, "ecart": "2C"}),
    (3, 0, "lead", 16, {"seat": 1, "card": "T21"}),
    (3, 3, "bid", 0, {"seat": 1, "bid": "prise"}),
    (3, 3, "end", 73, {"seat": 1, "card": "8S"}),
    (4, 0, "bid", 0, {"seat": 1, "bid": "garde"}),
    (4, 0, "ecart", 4, {"seat": 1, "ecart": "1S"}),
    (4, 1, "lead", 19, {"seat": 0, "card": "1H"}),
    (4, 3, "end", 71, {"seat": 1, "card": "T20"}),
    (5, 0, "bid", 0, {"seat": 1, "bid": "garde"}),
    (5, 1, "ecart", 6, {"seat": 1, "ecart": "10S"}),
    (5, 3, "lead", 17, {"seat": 3, "card": "T21"}),
    (5, 4, "end", 70, {"seat": 3, "card": "10D"}),
]


def v2_position(players: int, k: int, kind: str):
    """The position of :data:`PINNED_V2`: ``"bid"`` the first bid with a choice, ``"ecart"`` the
    taker's first discard, ``"lead"`` the third trick's lead (with a choice), ``"end"`` the first
    turn with a choice of a seat holding three cards."""
    from tarot_core.french.dealing import deal
    from tarot_core.french import FrenchDeal, Phase
    from tarot_core.french.fast_v1 import choose_move

    def stop(g) -> bool:
        if len(g.legal_moves()) < 2 and g.phase is not Phase.ECART:
            return False
        if kind == "bid":
            return g.phase is Phase.BIDDING
        if kind == "ecart":
            return g.phase is Phase.ECART
        if kind == "lead":
            return g.phase is Phase.PLAY and len(g.tricks) == 2 and not g.trick
        return g.phase is Phase.PLAY and len(g.hands[g.turn]) == 3

    game = FrenchDeal(deal(f"golden/v2/{players}/{k}", players, k % players))
    while game.turn is not None and not stop(game):
        game.push(choose_move(game, "golden", game.ply))
    return game


def hungarian_v2_position(players: int, k: int, stop: int):
    """Deal ``golden/hu-v2/<players>/<k>`` played by v1 to the first choice from ply ``stop``."""
    from tarot_core.hungarian import RULES

    game = RULES.new_state(RULES.deal(f"golden/hu-v2/{players}/{k}", players, k % players))
    while game.turn is not None and (game.ply < stop or len(game.legal_actions()) < 2):
        game.apply(choose_action(game.view(game.turn), "golden", game.ply))
    return game


#: ``(players, k, stop, ply, the choice of Hungarian v2-strong)``, pinned when it was published.
PINNED_HU_V2 = [
    (4, 0, 0, 2, {"seat": 3, "bid": "pass"}),  # a bid: v1's (Hungarian v2 searches no bid)
    (4, 1, 12, 12, {"seat": 1, "discard": "1D"}),
    (5, 2, 20, 20, {"seat": 3, "card": "T14"}),
    (4, 3, 30, 30, {"seat": 2, "card": "KH"}),
]


#: The search player v3-strong's choices in :func:`v2_position`'s positions, pinned when v3 was
#: published (``(players, k, kind, ply, choice)``).
PINNED_V3 = [
    (3, 0, "ecart", 3, {"seat": 1, "ecart": "2C"}),
    (3, 0, "lead", 16, {"seat": 1, "card": "T21"}),
    (3, 3, "bid", 0, {"seat": 1, "bid": "prise"}),
    (3, 7, "bid", 0, {"seat": 2, "bid": "prise"}),  # v2 passes (v3 adds 38 points to a take, v2 10)
    (3, 10, "lead", 16, {"seat": 0, "card": "3C"}),  # v2 leads T6
    (4, 0, "bid", 0, {"seat": 1, "bid": "garde"}),
    (4, 0, "ecart", 4, {"seat": 1, "ecart": "1S"}),
    (4, 3, "end", 71, {"seat": 1, "card": "T20"}),
    (4, 8, "lead", 19, {"seat": 0, "card": "9H"}),  # v2 leads ND
    (5, 1, "ecart", 6, {"seat": 1, "ecart": "10S"}),
    (5, 5, "bid", 0, {"seat": 1, "bid": "prise"}),  # v2 passes
    (5, 4, "end", 70, {"seat": 3, "card": "10D"}),
]

#: The Hungarian search player v3-strong's choices in :func:`hungarian_v2_position`'s positions,
#: pinned when v3 was published (``(players, k, stop, ply, choice)``).
PINNED_HU_V3 = [
    (4, 0, 0, 2, {"seat": 3, "bid": "pass"}),
    (4, 1, 12, 12, {"seat": 1, "discard": "QS"}),  # v2 discards 1D
    (5, 2, 20, 20, {"seat": 3, "card": "T19"}),  # v2 plays T14
    (4, 3, 30, 30, {"seat": 2, "card": "JH"}),  # v2 plays KH
]

#: The Hungarian search player v4-strong's choices in :func:`hungarian_v2_position`'s positions,
#: pinned when v4 was published, where it withdraws what v1 says there, and a kontra, a tarokk
#: declaration and a first bid it keeps (``(players, k, stop, ply, v1's choice, v4-strong's
#: choice)``; v4-normal makes the same checked choices).
PINNED_HU_V4 = [
    (4, 118, 3, 3, {"seat": 2, "bid": "two"}, {"seat": 2, "bid": "pass"}),  # over seat 1's three
    (4, 7, 15, 15, {"seat": 2, "announce": "trull"}, {"seat": 2, "pass": True}),
    (5, 41, 3, 3, {"seat": 0, "bid": "two"}, {"seat": 0, "bid": "pass"}),
    (5, 1, 16, 16, {"seat": 3, "announce": "trull"}, {"seat": 3, "pass": True}),
    (5, 14, 17, 17, {"seat": 1, "announce": "pagat_ultimo"}, {"seat": 1, "pass": True}),
    (4, 54, 19, 19, {"seat": 1, "kontra": "game"}, {"seat": 1, "pass": True}),
    (5, 170, 16, 16, {"seat": 2, "kontra": "game"}, {"seat": 2, "pass": True}),
    (4, 7, 18, 18, {"seat": 0, "kontra": "trull"}, {"seat": 0, "kontra": "trull"}),  # kept: the Skíz
    (5, 35, 15, 15, {"seat": 4, "tarokks": 8}, {"seat": 4, "tarokks": 8}),  # kept: HU-6.3, paid anyway
    (4, 0, 3, 3, {"seat": 0, "bid": "three"}, {"seat": 0, "bid": "three"}),  # kept: nobody bid yet
]
