"""How far the search player's simulated bid values are from what its bids then score.

Usage::

    python research/calibrate.py --version v3-strong --players 4 --deals 200 [--jobs 2]

A French search player (``v2``/``v3``) values each bid by playing the deal out with ``v1``
(:mod:`tarot_core.french.ai_v2`), but then plays the deal itself, better than ``v1``: a
contract is worth more to it than the play-outs say, by a margin its ``BID_BONUS`` stands for.
This script measures the margin: the search player sits in one seat (every seat in turn, the
others ``v1``) of deals seeded ``calibrate/<players>/<k>``; at each of its bids it records the
simulated value of the bid it made (its play-outs' mean, without the bonus), and at the end of the deal its real score. It prints, for
the takes and for the passes, the mean of (real score - simulated value) with its 95%
confidence interval, and the make rate by contract. The bonus that makes its bids unbiased is
the difference between the two means. Not a test: the figures go in the notes.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_core import ai  # noqa: E402
from tarot_core.french import Phase  # noqa: E402


def play(args: tuple) -> list[tuple[str, float, int, bool | None]]:
    """One deal with the search player in each seat in turn: ``(bid, simulated value, real
    score, made or None)`` for each of its bids."""
    version, players, k, then = args
    from tarot_core.french.dealing import deal
    from tarot_core.french import FrenchDeal

    algorithm, budget = ai.SEARCH_VERSIONS[version]
    module = ai._ALGORITHMS[("french", algorithm)]()
    out = []
    for seat in range(players):
        state = FrenchDeal(deal(f"calibrate/{players}/{k}", players, k % players))
        bids = []
        while state.turn is not None:
            seed = f"calibrate/{k}"
            if state.turn == seat:
                view = state.view(seat)
                if view.phase is Phase.BIDDING and len(view.legal) > 1:
                    values, choice, _ = module.search(view, seed, state.ply, budget)
                    action, value = values[choice]
                    if action.contract is not None and hasattr(module, "bid_bonus"):
                        value -= module.bid_bonus(budget)[action.contract.level]  # v3 shows it
                    bids.append((action.contract.value if action.contract else "pass", value))
                    state.push(state.move_of(action))
                    continue
                move = ai.choose_move(state, seed, state.ply, version=then or version)
            else:
                move = ai.choose_move(state, seed, state.ply, version="v1")
            state.push(move)
        score = state.scores[seat]
        made = None if state.taker != seat else score > 0
        out += [(bid, value, score, made if bid != "pass" else None) for bid, value in bids]
    return out


def _mean_ci(values: list[float]) -> str:
    n = len(values)
    if n < 2:
        return f"n={n}"
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return f"{mean:+.1f} [{mean - 1.96 * sd / math.sqrt(n):+.1f}, {mean + 1.96 * sd / math.sqrt(n):+.1f}] (n={n})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", default="v3-strong")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bonus", type=int, default=None,
                        help="v3 only: try this bid bonus (points, every contract) at the version's budget")
    parser.add_argument("--then", default=None,
                        help="the version that plays the seat's other decisions (default: --version)")
    args = parser.parse_args(argv)
    if args.bonus is not None:  # the pool's processes are forked after this
        from tarot_core.french import ai_v3
        ai_v3.BID_BONUS[ai.SEARCH_VERSIONS[args.version][1]] = (args.bonus,) * 4
    tasks = [(args.version, args.players, k, args.then) for k in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for rows in pool.map(play, tasks, chunksize=1) for row in rows]
    takes = [score - value for bid, value, score, _ in rows if bid != "pass"]
    passes = [score - value for bid, value, score, _ in rows if bid == "pass"]
    bonus = f" (bid bonus {args.bonus})" if args.bonus is not None else ""
    print(f"{args.version}{bonus}, {args.players} players, {args.deals} deals x {args.players} seats: "
          f"{len(rows)} bids with a choice")
    print(f"  real - simulated, takes:  {_mean_ci(takes)}")
    print(f"  real - simulated, passes: {_mean_ci(passes)}")
    by: dict[str, list[bool]] = {}
    for bid, _, _, made in rows:
        if made is not None:
            by.setdefault(bid, []).append(made)
    made_all = [m for v in by.values() for m in v]
    rates = ", ".join(f"{c} {sum(v)}/{len(v)} ({100 * sum(v) / len(v):.0f}%)" for c, v in sorted(by.items()))
    if made_all:
        print(f"  made: {sum(made_all)}/{len(made_all)} ({100 * sum(made_all) / len(made_all):.0f}%): {rates}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
