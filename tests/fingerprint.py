"""Seeded results of the engine, as JSON: run in CPython and under Pyodide, they must be equal.

``python tests/fingerprint.py`` (or ``node tools/pyodide_run.mjs tests/fingerprint.py``) prints
one JSON object: the golden playthroughs replayed (how many reproduce their file exactly, and a
digest of every action and record), computer-player choices, determinized worlds, a push/pop
walk and the pinned share codes' verified totals; Hungarian Tarokk deals, computer-player games
and determinized worlds, the first deals of a Hungarian daily game (4 and 5 players) and the
pinned Hungarian share codes' verified totals (revision 2's too); the search players' (v2 normal and strong, v3
strong, both games; Hungarian v4 normal and strong) choices in the pinned positions, a hint's
values and v3's. ``tests/test_pyodide.py`` compares the two.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def fingerprint() -> dict:
    """The seeded results described in the module docstring, as JSON-ready data."""
    from golden_data import PINNED_CODES, PINNED_CODES_2, replay_policy  # tests/golden_data.py

    from tarot_core.french.dealing import deal
    from tarot_core.french import FrenchDeal
    from tarot_core.french.determinize import determinize
    from tarot_core.records import deal_record
    from tarot_core.rng import DealRng
    from tarot_core.share import verify

    out: dict = {}
    digest = hashlib.sha256()
    reproduced = total = 0
    for players in (3, 4, 5):
        cases = json.loads((HERE / "golden" / f"french-{players}.json").read_text("utf-8"))
        for case in cases:
            game = replay_policy(case)
            actions = [str(a) for a in game.history]
            record = deal_record(game, seed=case["seed"])
            digest.update(json.dumps([actions, record], sort_keys=True).encode())
            total += 1
            reproduced += actions == case["actions"] and record == case["record"]
    out["golden"] = {"reproduced": reproduced, "of": total, "digest": digest.hexdigest()}

    worlds = []
    for k in range(24):
        players = 3 + k % 3
        game = FrenchDeal(deal(f"fp/{k}", players, k % players))
        rng = DealRng(f"fp-play/{k}")
        while game.turn is not None and game.ply < 10 + 3 * k:
            moves = game.legal_moves()
            game.push(moves[rng.below(len(moves))])
        seat = k % players
        world = determinize(game.view(seat), DealRng(f"fp-world/{k}"))
        worlds.append([" ".join(map(str, h)) for h in world.deal.hands] + [" ".join(map(str, world.deal.chien))])
    out["worlds"] = hashlib.sha256(json.dumps(worlds).encode()).hexdigest()

    game = FrenchDeal(deal("fp/pushpop", 5, 2))
    rng = DealRng("fp/pushpop")
    trail = []
    while game.turn is not None:
        moves = game.legal_moves()
        game.push(moves[rng.below(len(moves))])
        if rng.below(4) == 0:
            trail.append(game.pop())
    out["pushpop"] = [trail, list(game.scores or ())]

    out["codes"] = [verify(code).match.totals() for code, _ in PINNED_CODES + PINNED_CODES_2]

    from tarot_core.hungarian.dealing import deal as hungarian_deal
    out["hungarian_deals"] = [hungarian_deal(f"fp/hu/{k}", 4 + k % 2, k % (4 + k % 2)).notation() for k in range(20)]
    from tarot_core.ai import choose_action
    from tarot_core.hungarian import RULES as HUNGARIAN
    played = []
    for k in range(6):
        game = HUNGARIAN.new_state(HUNGARIAN.deal(f"fp/hu-ai/{k}", 4 + k % 2, k % 4), profile=("pagat", "tournament")[k % 2])
        while game.turn is not None:
            game.apply(choose_action(game.view(game.turn), k, game.ply))
        played.append([[str(a) for a in game.history], list(game.scores)])
    out["hungarian_ai"] = hashlib.sha256(json.dumps(played).encode()).hexdigest()
    from tarot_core.hungarian.determinize import determinize as hungarian_determinize
    worlds = []
    for k in range(12):
        game = HUNGARIAN.new_state(HUNGARIAN.deal(f"fp/hu-world/{k}", 4 + k % 2, k % 4))
        rng = DealRng(f"fp/hu-play/{k}")
        while game.turn is not None and game.ply < 8 * k:
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        world = hungarian_determinize(game.view(game.active[k % 4]), DealRng(f"fp/hu-w/{k}"))
        worlds.append(world.deal.notation())
        placed = hungarian_determinize(game.view(game.active[k % 4]), DealRng(f"fp/hu-w/{k}"), voids=True)
        worlds.append([placed.deal.notation(), [str(a) for a in placed.history]])
    out["hungarian_worlds"] = hashlib.sha256(json.dumps(worlds).encode()).hexdigest()

    from golden_data import PINNED_CODES_HU

    from tarot_core.daily import daily_match
    out["hungarian_daily"] = [daily_match("2026-11-30", players, game="hungarian").current.deal.notation()
                              for players in (4, 5)]
    out["hungarian_codes"] = [verify(code).match.totals() for code, _, _ in PINNED_CODES_HU]
    from golden_data import PINNED_CODES_HU_R2

    out["hungarian_codes_r2"] = [verify(code).match.totals() for code, _, _ in PINNED_CODES_HU_R2]

    # The search players v2 and v3 (levels normal and strong): their choices in the pinned
    # positions and the hint's and v3's values.
    from golden_data import PINNED_V2, v2_position

    from tarot_core import ai
    from tarot_core.french.records import action_entry
    out["v2"] = []
    for players, k, kind, _, _ in PINNED_V2:
        game = v2_position(players, k, kind)
        view = game.view(game.turn)
        strong = action_entry(ai.choose_action(view, "golden", game.ply, version="v2-strong"))
        normal = action_entry(ai.choose_action(view, "golden", game.ply, version="v2-normal"))
        hint = [[str(a), round(points, 6)] for a, points in ai.hint(view, "golden", game.ply, budget=4)]
        v3 = action_entry(ai.choose_action(view, "golden", game.ply, version="v3-strong"))
        v3_values = [[str(a), round(p, 6)] for a, p in ai._french_ai_v3().evaluate(view, "golden", game.ply, 4)]
        out["v2"].append([strong, normal, hint, v3, v3_values])
    from golden_data import PINNED_HU_V2, hungarian_v2_position

    from tarot_core.hungarian.records import action_entry as hu_entry
    out["hungarian_v2"] = []
    for players, k, stop, _, _ in PINNED_HU_V2:
        game = hungarian_v2_position(players, k, stop)
        view = game.view(game.turn)
        out["hungarian_v2"].append([hu_entry(ai.choose_action(view, "golden", game.ply, version="v2-strong")),
                                    [[str(a), round(p, 6)] for a, p in ai.hint(view, "golden", game.ply, budget=2)],
                                    hu_entry(ai.choose_action(view, "golden", game.ply, version="v3-strong")),
                                    [[str(a), round(p, 6)] for a, p in
                                     ai._hungarian_ai_v3().evaluate(view, "golden", game.ply, 2)]])
    # v4: its checked choices (bids and announcements withdrawn by simulation) and their values.
    from golden_data import PINNED_HU_V4

    out["hungarian_v4"] = []
    for players, k, stop, _, _, _ in PINNED_HU_V4:
        game = hungarian_v2_position(players, k, stop)
        view = game.view(game.turn)
        out["hungarian_v4"].append([hu_entry(ai.choose_action(view, "golden", game.ply, version="v4-strong")),
                                    hu_entry(ai.choose_action(view, "golden", game.ply, version="v4-normal")),
                                    [[str(a), round(p, 6)] for a, p in ai.hint(view, "golden", game.ply)]])
    return out


if __name__ == "__main__":
    print(json.dumps(fingerprint(), sort_keys=True))
