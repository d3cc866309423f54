"""Duplicate-deal arena: how much better one computer player scores than another, with its error.

Usage::

    python bench/arena.py --a strong --b easy --players 4 --deals 400 [--jobs 2] [--budget N]
    python bench/arena.py --game hungarian --a strong --b easy --players 4 --deals 200

Every deal (seeded ``arena/<players>/<k>``, so both players meet the same cards) is played several
times with the players in different seats, and the luck of the cards cancels out:

* at 4 players twice: ``a`` in seats 0 and 2 and ``b`` in 1 and 3, then the other way round;
* at 3 and 5 players once per seat: ``a`` in that one seat and ``b`` everywhere else, so that
  ``a`` plays every seat of the deal.

The figure of a deal is the mean over its plays of (``a``'s mean score per seat minus ``b``'s);
the arena prints the mean of that over the deals with its 95% confidence interval
(1.96 standard errors), the taker's make rate per contract for each player, the time per
decision of each player (p50, p95, max, in ms of this process's CPU) and the number of illegal
choices (a choice not among the legal actions: the arena counts it and plays the first legal
action instead; it must stay 0).

Players are levels of :func:`tarot_core.ai.choose_action` (``easy``, ``normal``, ``strong``),
published versions (``v2-strong``, ...) or the experiments ``ismcts`` (``research/ismcts.py``),
``hu-bidding`` (``research/hu_bidding.py``), ``hu-gate`` (``research/hu_gate.py``),
``hu-bidshift`` (``research/hu_bidshift.py``) and ``hu-deep`` (``research/hu_deep.py``);
``--budget`` and ``--b-budget`` override ``a``'s and ``b``'s sampled deals per decision. Not a test: the figures go in the
notes. ``--jobs`` plays deals in that many processes.

:func:`seatings`, :func:`new_state` and :func:`choose` are also what the experiments of
``research/`` that play the arena's deals import (``research/hu_calibrate.py``,
``research/hu_headroom.py``).
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
#: The experiments the arena plays live in research/ (see EXPERIMENTS).
RESEARCH = Path(__file__).resolve().parent.parent / "research"

from tarot_core import ai  # noqa: E402


def seatings(players: int) -> list[frozenset[int]]:
    """The seats of player ``a`` in each play of a deal."""
    if players == 4:
        return [frozenset({0, 2}), frozenset({1, 3})]
    return [frozenset({s}) for s in range(players)]


def new_state(game: str, players: int, k: int, profile: str):
    """Deal ``k`` of the arena at ``players`` players, seeded ``arena/<players>/<k>`` (French) or
    ``arena/hu/<players>/<k>`` (Hungarian, rules ``profile``), dealer ``k % players``: a fresh
    state."""
    if game == "french":
        from tarot_core.french.dealing import deal
        from tarot_core.french import FrenchDeal
        return FrenchDeal(deal(f"arena/{players}/{k}", players, k % players))
    from tarot_core.hungarian import RULES
    return RULES.new_state(RULES.deal(f"arena/hu/{players}/{k}", players, k % players), profile=profile)


#: The experiments of ``research/`` the arena plays (``research/<name with _>.py``), with their budget
#: when ``--budget`` gives none.
EXPERIMENTS = {"ismcts": 8, "hu-bidding": 4, "hu-gate": 4, "hu-bidshift": 4, "hu-deep": 4}


def choose(state, level: str, budget: int | None, seed: str):
    """The seat to act's move by ``level``; returns (move, cpu seconds, legal?).

    ``level``: a level of :func:`tarot_core.ai.choose_action` (``easy``, ``normal``,
    ``strong``), a published version (``v2-strong``, ...) or an experiment of ``research/``
    (``ismcts``: ``research/ismcts.py``, budget 8 unless ``--budget``; ``hu-bidding``:
    ``research/hu_bidding.py``, budget 4; ``hu-gate``: ``research/hu_gate.py``, budget 4;
    ``hu-bidshift``: ``research/hu_bidshift.py``, budget 4; ``hu-deep``: ``research/hu_deep.py``,
    budget 4)."""
    start = time.process_time()
    if level == "easy":
        move = ai.choose_move(state, seed, state.ply, level="easy")
        return move, time.process_time() - start, True
    view = state.view(state.turn)
    if level in EXPERIMENTS:
        if str(RESEARCH) not in sys.path:
            sys.path.insert(0, str(RESEARCH))
        experiment = importlib.import_module(level.replace("-", "_"))
        action = experiment.choose_action(view, seed, state.ply, budget or EXPERIMENTS[level])
    elif level.startswith("v"):
        action = ai.choose_action(view, seed, state.ply, version=level, budget=budget)
    else:
        action = ai.choose_action(view, seed, state.ply, level=level, budget=budget)
    spent = time.process_time() - start
    if action not in view.legal:
        return state.move_of(view.legal[0]), spent, False
    return state.move_of(action), spent, True


def _made(state) -> tuple[str, bool] | None:
    """(contract, made) of a played deal, or None when nobody took."""
    if state.turn is not None:
        return None
    scores = state.scores
    if getattr(state, "thrown_in", None) or scores is None or not any(scores):
        return None
    taker = getattr(state, "taker", None)
    if taker is None:  # Hungarian
        taker = state.declarer
        if taker is None:
            return None
        name = getattr(state.level, "value", str(state.level))
    else:
        name = state.contract.value
    return name, scores[taker] > 0


def play_deal(args: tuple) -> dict:
    """Every play of deal ``k``: the deal's figure, each player's decision times, make records
    and illegal choices."""
    game, players, k, a, b, budget, b_budget, profile = args
    out = {"figure": 0.0, "times": {"a": [], "b": []}, "made": {"a": [], "b": []}, "illegal": 0}
    figures = []
    for seats in seatings(players):
        state = new_state(game, players, k, profile)
        while state.turn is not None:
            who = "a" if state.turn in seats else "b"
            level, extra = (a, budget) if who == "a" else (b, b_budget)
            move, spent, legal = choose(state, level, extra, f"arena/{k}")
            out["times"][who].append(spent)
            out["illegal"] += not legal
            state.push(move)
        scores = state.scores
        mine = [scores[s] for s in seats]
        theirs = [scores[s] for s in range(players) if s not in seats]
        figures.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
        made = _made(state)
        if made is not None:
            taker = state.taker if game == "french" else state.declarer
            out["made"]["a" if taker in seats else "b"].append(made)
    out["figure"] = sum(figures) / len(figures)
    return out


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("french", "hungarian"), default="french")
    parser.add_argument("--a", default="strong", help="the player measured (a level)")
    parser.add_argument("--b", default="easy", help="the player it is measured against")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--budget", type=int, default=None, help="a's sampled deals per decision")
    parser.add_argument("--b-budget", type=int, default=None, help="b's sampled deals per decision")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--profile", default="pagat")
    args = parser.parse_args(argv)
    tasks = [(args.game, args.players, k, args.a, args.b, args.budget, args.b_budget,
              args.profile)
             for k in range(args.first, args.first + args.deals)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, result in enumerate(pool.map(play_deal, tasks, chunksize=1), 1):
            results.append(result)
            if n % 50 == 0:
                done = [r["figure"] for r in results]
                print(f"  {n} deals: {sum(done) / n:+.1f}", file=sys.stderr, flush=True)
    figures = [r["figure"] for r in results]
    n = len(figures)
    mean = sum(figures) / n
    sd = math.sqrt(sum((f - mean) ** 2 for f in figures) / (n - 1)) if n > 1 else float("nan")
    half = 1.96 * sd / math.sqrt(n)
    budget = f" (budget {args.budget})" if args.budget else ""
    print(f"{args.game}, {args.players} players, {n} duplicate deals: {args.a}{budget} vs {args.b}: "
          f"{mean:+.1f} points per deal, 95% CI [{mean - half:+.1f}, {mean + half:+.1f}], "
          f"sd {sd:.1f}; {time.perf_counter() - start:.0f} s")
    for who, level in (("a", args.a), ("b", args.b)):
        times = [t for r in results for t in r["times"][who]]
        made = [m for r in results for m in r["made"][who]]
        by: dict[str, list[bool]] = {}
        for contract, ok in made:
            by.setdefault(contract, []).append(ok)
        rates = ", ".join(f"{c} {sum(v)}/{len(v)} ({100 * sum(v) / len(v):.0f}%)" for c, v in sorted(by.items()))
        print(f"  {level}: {len(times)} decisions, ms p50 {1000 * _percentile(times, .5):.1f} "
              f"p95 {1000 * _percentile(times, .95):.1f} max {1000 * max(times, default=0):.1f}; "
              f"takes {len(made)}: {rates or 'none'}")
    print(f"  illegal choices: {sum(r['illegal'] for r in results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
