"""Benchmark: random legal deals per second in CPython, and computer-played deals per second.

Usage: ``python bench/deals.py [--seconds S]``. Plays 4-player deals from seeded deals, each
action chosen uniformly among ``legal_actions()`` (random deals) or by ``choose_action`` for all
four seats (AI deals), and prints deals per second. Not a test: a figure for the notes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_core.ai import choose_action  # noqa: E402
from tarot_core.dealing import deal  # noqa: E402
from tarot_core.french import FrenchDeal  # noqa: E402


def random_deals(seconds: float) -> tuple[int, float]:
    """Play random legal deals for about ``seconds``; return (deals, elapsed seconds)."""
    rng = random.Random(7)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deal(n, 4, n % 4))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n, time.perf_counter() - start


def ai_deals(seconds: float) -> tuple[int, float]:
    """Play computer-only deals for about ``seconds``; return (deals, elapsed seconds)."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = FrenchDeal(deal(n, 4, n % 4))
        while not game.is_over:
            game.apply(choose_action(game.view(game.turn), n, len(game.history)))
        n += 1
    return n, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for name, fn in (("random legal deals", random_deals), ("computer-played deals", ai_deals)):
        n, elapsed = fn(args.seconds)
        print(f"{name}: {n} in {elapsed:.2f} s = {n / elapsed:.0f} deals/s "
              f"(Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
