"""Benchmark: deals per second of the French engine, in CPython or under Pyodide.

Usage: ``python bench/deals.py [--seconds S] [--players 3 4 5] [--only NAME]``. For each table
size it plays seeded deals and prints deals per second for:

* ``random moves``: from a fresh state, each move chosen uniformly among ``legal_moves()`` and
  applied with ``push()`` (the compact, unchecked path that search uses), the scores read at
  the end; the deals are dealt once beforehand (``deal`` is timed on its own line);
* ``random playouts``: the same moves made by the engine's own loop, :meth:`FrenchDeal.playout`
  (it picks a card from the mask of playable cards without listing them): what a Monte Carlo
  search runs;
* ``random actions``: the same through the public values: ``legal_actions()`` and the checked
  ``apply()``, scores read at the end;
* ``push/pop``: a random deal played to its end with ``push`` and taken back with ``pop``;
* ``computer``: every seat played by computer player v1 on the compact state
  (:func:`tarot_core.french.fast_v1.choose_move` and ``push``), scores read at the end;
* ``computer (views)``: the same player through its definition on views, ``choose_action``
  with ``view()`` and the checked ``apply()`` (the same moves, much slower);
* ``deal``: the seeded deal generator alone (SHA-256 stream, shuffle, packets).

Not a test: figures for the notes. ``node tools/pyodide_run.mjs bench/deals.py`` runs this same
file under the npm ``pyodide`` package (the page's runtime). Each line also gives deals per CPU
second (``time.process_time``), steadier than the wall clock on a busy machine.
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
from tarot_core.french.dealing import deal  # noqa: E402
from tarot_core.french import FrenchDeal  # noqa: E402
from tarot_core.french.fast_v1 import choose_move  # noqa: E402

POOL = 200  # distinct deals cycled through


def _deals(players: int) -> list:
    return [deal(f"bench/{players}/{k}", players, k % players) for k in range(POOL)]


def random_moves(players: int, seconds: float) -> tuple[int, float]:
    """Random legal deals through ``legal_moves``/``push``; returns (deals, seconds)."""
    deals, rng = _deals(players), random.Random(7)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            game = FrenchDeal(deals[n % POOL])
            while game.turn is not None:
                moves = game.legal_moves()
                game.push(moves[int(rng.random() * len(moves))])
            game.scores
            n += 1
    return n, time.perf_counter() - start


def random_playouts(players: int, seconds: float) -> tuple[int, float]:
    """Random legal deals through ``FrenchDeal.playout``; returns (deals, seconds)."""
    deals, rng = _deals(players), random.Random(7)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            FrenchDeal(deals[n % POOL]).playout(rng)
            n += 1
    return n, time.perf_counter() - start


def random_actions(players: int, seconds: float) -> tuple[int, float]:
    """Random legal deals through ``legal_actions``/``apply``; returns (deals, seconds)."""
    deals, rng = _deals(players), random.Random(7)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deals[n % POOL])
        while game.turn is not None:
            game.apply(rng.choice(game.legal_actions()))
        game.scores
        n += 1
    return n, time.perf_counter() - start


def push_pop(players: int, seconds: float) -> tuple[int, float]:
    """Random deals played with ``push`` and taken back to the start with ``pop``."""
    deals, rng = _deals(players), random.Random(7)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deals[n % POOL])
        while game.turn is not None:
            moves = game.legal_moves()
            game.push(moves[int(rng.random() * len(moves))])
        while game.ply:
            game.pop()
        n += 1
    return n, time.perf_counter() - start


def computer(players: int, seconds: float) -> tuple[int, float]:
    """Deals played by computer player v1 on the compact state; returns (deals, seconds)."""
    deals = _deals(players)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deals[n % POOL])
        while game.turn is not None:
            game.push(choose_move(game, n, game.ply))
        game.scores
        n += 1
    return n, time.perf_counter() - start


def computer_views(players: int, seconds: float) -> tuple[int, float]:
    """Deals played by computer player v1 through views and apply; returns (deals, seconds)."""
    deals = _deals(players)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deals[n % POOL])
        while game.turn is not None:
            game.apply(choose_action(game.view(game.turn), n, game.ply))
        game.scores
        n += 1
    return n, time.perf_counter() - start


def dealing(players: int, seconds: float) -> tuple[int, float]:
    """Seeded deals generated; returns (deals, seconds)."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal(f"bench/{n}", players, n % players)
        n += 1
    return n, time.perf_counter() - start


BENCHES = {"random moves": random_moves, "random playouts": random_playouts, "random actions": random_actions, "push/pop": push_pop,
           "computer": computer, "computer (views)": computer_views, "deal": dealing}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long each line runs (default 3)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 3, 5], help="table sizes (default 4 3 5)")
    parser.add_argument("--only", choices=sorted(BENCHES), action="append",
                        help="run only this line (repeatable); the module docstring says what each measures")
    args = parser.parse_args(argv)
    impl = f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})"
    for players in args.players:
        for name, fn in BENCHES.items():
            if args.only and name not in args.only:
                continue
            cpu = time.process_time()
            n, elapsed = fn(players, args.seconds)
            cpu = time.process_time() - cpu
            print(f"{players} players, {name}: {n} in {elapsed:.2f} s = {n / elapsed:,.0f} deals/s "
                  f"({n / cpu:,.0f} per CPU second) [{impl}]", flush=True)


if __name__ == "__main__":
    main()
