"""How much Hungarian Tarokk's bids, announcements and kontras could gain at most: an oracle
experiment, not a player (it sees every hand).

Usage::

    python research/hu_headroom.py --deals 100 [--first 0] [--rollouts 3] [--kontras] [--jobs 2]

Player ``a`` is ``v3-normal`` except in the bidding (HU-3) and the announcements (HU-6): there it
plays each legal action in the *real* deal (every hand known) and finishes it with ``v1``
play-outs (``--rollouts`` of them, seeded differently, so that ``v1``'s seeded bids differ), and
takes the best mean score for its seat. It announces only for its own side, as ``v1`` and
``research/hu_gate.py`` do; kontras stay ``v1``'s unless ``--kontras``. Player ``b`` is
``v3-normal``. Deals and seatings are the arena's (``bench/arena.py``: 4 players, ``a`` in seats
0 and 2 then 1 and 3), so the figure is comparable with the arena's.

If even this oracle gains little over ``v1``'s rules, no sampling of the hidden hands can do
better with the same play-outs: the room, or the play-out model, is what limits the simulated
bids. Not a test: the figures go in the notes.

Figures and finding: ``research/README.md``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))  # the arena's deals and players
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import choose, new_state, seatings  # noqa: E402

from tarot_core.hungarian.actions import Announce, Kontra, Phase  # noqa: E402
from tarot_core.hungarian.ai_v1 import choose_action as v1_action  # noqa: E402
from tarot_core.hungarian.ai_v2 import _rollout  # noqa: E402

ORACLE = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS})


def _v3_rollout(state, me: int, seed: str) -> int:
    """``me``'s score once every seat has played ``state`` out as ``v3-normal`` (on a copy)."""
    game = state.copy()
    while game.turn is not None:
        game.push(choose(game, "v3-normal", None, seed)[0])
    return game.scores[me]


def oracle_action(state, seed: str, rollouts: int, kontras: bool, playout: str = "v1"):
    """The oracle's action for the seat to act in ``state`` (module docstring), with the number
    of actions it could choose among (0 when it left the choice to ``v1``)."""
    view = state.view(state.turn)
    legal = list(view.legal)
    base = v1_action(view, seed, state.ply)
    if isinstance(base, Kontra) and not kontras:
        return base, 0
    candidates = []
    for action in legal:
        if isinstance(action, Announce) and view.speaking is not view.side:
            continue  # announces for its own side only
        if isinstance(action, Kontra) and not kontras:
            continue
        candidates.append(action)
    if base not in candidates:
        candidates.append(base)
    if len(candidates) == 1:
        return base, 0
    me = view.seat
    best, best_value = base, None
    for action in candidates:
        trial = state.copy()
        trial.push(trial.move_of(action))
        if playout == "v3":  # the real players' own play: one play-out, seeded as the deal
            value = _v3_rollout(trial, me, seed)
        else:
            value = sum(_rollout(trial, me, f"{seed}|oracle|{i}") for i in range(rollouts)) / rollouts
        if best_value is None or value > best_value or (value == best_value and action == base):
            best, best_value = action, value
    return best, len(candidates)


def play_deal(args: tuple) -> dict:
    """Both seatings of deal ``k``: the figure (``a``'s mean score per seat minus ``b``'s) and
    how often the oracle left ``v1``'s choice."""
    k, rollouts, kontras, budget, playout = args
    figures, changed, asked = [], 0, 0
    for seats in seatings(4):
        state = new_state("hungarian", 4, k, "pagat")
        while state.turn is not None:
            seed = f"arena/{k}"
            if state.turn in seats and state.phase in ORACLE and len(state.view(state.turn).legal) > 1:
                view = state.view(state.turn)
                action, among = oracle_action(state, seed, rollouts, kontras, playout)
                asked += among > 0
                changed += action != v1_action(view, seed, state.ply)
                state.push(state.move_of(action))
            else:
                move, _, _ = choose(state, "v3-normal", budget, seed)
                state.push(move)
        scores = state.scores
        mine = [scores[s] for s in seats]
        theirs = [scores[s] for s in range(4) if s not in seats]
        figures.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
    return {"figure": sum(figures) / len(figures), "changed": changed, "asked": asked}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=3)
    parser.add_argument("--kontras", action="store_true", help="kontras by the oracle too")
    parser.add_argument("--playout", choices=("v1", "v3"), default="v1",
                        help="finish each trial with v1 play-outs, or with v3-normal (the real players)")
    parser.add_argument("--budget", type=int, default=None, help="v3's sampled deals (default: normal's)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [(k, args.rollouts, args.kontras, args.budget, args.playout) for k in range(args.first, args.first + args.deals)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_deal, tasks, chunksize=1))
    figures = [r["figure"] for r in results]
    n = len(figures)
    mean = sum(figures) / n
    sd = math.sqrt(sum((f - mean) ** 2 for f in figures) / (n - 1)) if n > 1 else float("nan")
    half = 1.96 * sd / math.sqrt(n)
    rollouts = args.rollouts if args.playout == "v1" else 1
    print(f"oracle bids/announcements{' and kontras' if args.kontras else ''} ({rollouts} {args.playout} play-outs) "
          f"vs v3-normal, {n} duplicate deals from {args.first}: {mean:+.1f} points per deal, "
          f"95% CI [{mean - half:+.1f}, {mean + half:+.1f}], sd {sd:.1f}; "
          f"left v1's choice {sum(r['changed'] for r in results)} times in "
          f"{sum(r['asked'] for r in results)} choices; {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
