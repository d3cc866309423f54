"""Benchmark: deals per second of the Hungarian Tarokk engine, in CPython or under Pyodide.

Usage: ``python bench/hungarian_deals.py [--seconds S] [--players 4 5] [--profile pagat|tournament]``.
For each table size it plays seeded deals and prints deals per second for:

* ``random actions``: from a fresh state, each action drawn uniformly from ``legal_actions()``
  and applied with the checked ``apply()`` (the deals are dealt beforehand);
* ``random moves``: the same through ``legal_moves()`` and the unchecked ``push()``;
* ``computer``: every seat played by computer player v1 through its view
  (``choose_action(view(seat), …)``, then ``apply()``);
* ``deal``: the seeded deal generator alone.

An all-pass or annulled deal counts as a deal (it is one, and it is short). Not a test: figures
for the notes. ``node tools/pyodide_run.mjs bench/hungarian_deals.py`` runs it under Pyodide. Each
line also gives deals per CPU second (``time.process_time``), steadier on a busy machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_core.ai import choose_action  # noqa: E402
from tarot_core.hungarian import RULES  # noqa: E402

POOL = 100


def _deals(players: int) -> list:
    return [RULES.deal(f"bench/hu/{players}/{k}", players, k % players) for k in range(POOL)]


def random_actions(players: int, seconds: float, profile: str) -> int:
    deals, rng, n = _deals(players), random.Random(7), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = RULES.new_state(deals[n % POOL], profile=profile)
        while game.turn is not None:
            game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def random_moves(players: int, seconds: float, profile: str) -> int:
    deals, rng, n = _deals(players), random.Random(7), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = RULES.new_state(deals[n % POOL], profile=profile)
        while game.turn is not None:
            moves = game.legal_moves()
            game.push(moves[int(rng.random() * len(moves))])
        n += 1
    return n


def computer(players: int, seconds: float, profile: str) -> int:
    deals, n = _deals(players), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = RULES.new_state(deals[n % POOL], profile=profile)
        while game.turn is not None:
            game.apply(choose_action(game.view(game.turn), n, game.ply))
        n += 1
    return n


def dealing(players: int, seconds: float, profile: str) -> int:
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        RULES.deal(f"bench/{n}", players, n % players)
        n += 1
    return n


BENCHES = {"random actions": random_actions, "random moves": random_moves, "computer": computer, "deal": dealing}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long each line runs (default 3)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5], help="table sizes (default 4 5)")
    parser.add_argument("--profile", choices=["pagat", "tournament"], default="pagat")
    args = parser.parse_args(argv)
    impl = f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})"
    for players in args.players:
        for name, fn in BENCHES.items():
            cpu, wall = time.process_time(), time.perf_counter()
            n = fn(players, args.seconds, args.profile)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"{players} players ({args.profile}), {name}: {n} in {wall:.2f} s = {n / wall:,.0f} deals/s "
                  f"({n / cpu:,.0f} per CPU second) [{impl}]", flush=True)


if __name__ == "__main__":
    main()
