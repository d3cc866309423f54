"""Benchmark: Hungarian Tarokk's ``determinize(view, rng)``, the default sampler against ``voids=True``.

Usage: ``python bench/hu_sampler.py [--views 300] [--players 4 5] [--stop any|late] [--fingerprint]``.

Takes ``--views`` views from seeded deals played by computer player ``v1`` at every seat
(:mod:`tarot_core.hungarian.ai_v1`), each stopped at a random ply (``--stop any``, the default:
every phase; the play, the longest, is most of them) or among its last 16 plies before the end
(``--stop late``: late in the play, where voids are shown), the table sizes taking turns, the view's seat drawn among the active
ones (the default sampler cannot take the view of a five-player dealer who sits out). For each
view it times one ``determinize`` call with ``voids=False`` (the rejection sampler the published
``v2`` uses) and one with ``voids=True`` (the placed sampler), each with its own
``random.Random`` seeded from the view's index, and reads how many worlds the call drew
(:data:`tarot_core.hungarian.determinize.last_call`). Prints, per mode, for all the views and for
those late in the play (five tricks or more done): the p50, p95 and max milliseconds per call
(``time.perf_counter``), the p50, p95, max and mean draws per call, and the calls that gave up
(:class:`~tarot_core.hungarian.determinize.DeterminizeError`); and the CPU seconds of each mode
(``time.process_time``, steadier on a busy machine).

``--fingerprint`` prints instead one JSON line: a digest of the ``voids=True`` worlds of the first
``--views`` views (with ``DealRng`` streams), to compare CPython with Pyodide
(``node tools/pyodide_run.mjs bench/hu_sampler.py --fingerprint``): they must be equal.

Not a test: figures for the notes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_core.hungarian import RULES
from tarot_core.hungarian import determinize as sampler
from tarot_core.hungarian.ai_v1 import choose_action
from tarot_core.rng import DealRng

LATE = 5  # tricks done for a view to count as late in the play


def views(n: int, table_sizes: list[int], where: str = "any") -> list:
    """``n`` views from seeded deals played by ``v1``, each stopped at a random ply (``where``:
    ``any`` or ``late``, see the module docstring)."""
    out = []
    for k in range(n):
        players = table_sizes[k % len(table_sizes)]
        dealt = RULES.deal(f"bench/hu-sampler/{k}", players, k % players)
        profile = ("pagat", "tournament")[k // len(table_sizes) % 2]
        game = RULES.new_state(dealt, profile=profile)
        while game.turn is not None:
            game.apply(choose_action(game.view(game.turn), k, game.ply))
        rng = random.Random(k)
        n = len(game.history)
        stop = rng.randrange(n + 1) if where == "any" else max(0, n - 1 - rng.randrange(16))
        part = RULES.new_state(dealt, profile=profile)
        for action in game.history[:stop]:
            part.apply(action)
        out.append(part.view(part.active[rng.randrange(4)]))
    return out


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(all_views: list, voids: bool) -> tuple[list[tuple[float, int, bool]], float]:
    """Per view ``(ms, draws, gave up)``, and the CPU seconds of the whole run."""
    rows = []
    cpu = time.process_time()
    for k, view in enumerate(all_views):
        start = time.perf_counter()
        try:
            sampler.determinize(view, random.Random(k), voids=voids)
            failed = False
        except sampler.DeterminizeError:
            failed = True
        rows.append(((time.perf_counter() - start) * 1000, sampler.last_call["draws"], failed))
    return rows, time.process_time() - cpu


def report(label: str, rows: list[tuple[float, int, bool]]) -> str:
    if not rows:
        return f"  {label}: no views"
    ms = [r[0] for r in rows]
    draws = [r[1] for r in rows]
    return (f"  {label:<22} {len(rows):4d} views  ms p50 {_quantile(ms, .5):7.1f}  p95 {_quantile(ms, .95):7.1f}  "
            f"max {max(ms):7.1f}   draws p50 {_quantile(draws, .5):4d}  p95 {_quantile(draws, .95):4d}  "
            f"max {max(draws):4d}  mean {sum(draws) / len(draws):6.1f}   gave up {sum(r[2] for r in rows)}")


def fingerprint(all_views: list) -> str:
    digest = hashlib.sha256()
    for k, view in enumerate(all_views):
        world = sampler.determinize(view, DealRng(f"bench/hu-sampler/world/{k}"), voids=True)
        digest.update(json.dumps([world.deal.notation(), [str(a) for a in world.history]]).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5], choices=[4, 5])
    parser.add_argument("--stop", choices=["any", "late"], default="any")
    parser.add_argument("--fingerprint", action="store_true")
    args = parser.parse_args()
    built = time.perf_counter()
    all_views = views(args.views, args.players, args.stop)
    if args.fingerprint:
        print(json.dumps({"views": args.views, "voids": fingerprint(all_views)}))
        return
    late = [k for k, v in enumerate(all_views) if len(v.tricks) >= LATE]
    print(f"{len(all_views)} views (stop {args.stop}; {len(late)} late in the play: {LATE}+ tricks done), "
          f"tables {args.players}, "
          f"built in {time.perf_counter() - built:.1f} s; {sys.implementation.name} {sys.version.split()[0]}")
    for voids in (False, True):
        rows, cpu = measure(all_views, voids)
        print(f"voids={voids}: {cpu:.1f} CPU s")
        print(report("all", rows))
        print(report(f"late ({LATE}+ tricks)", [rows[k] for k in late]))


if __name__ == "__main__":
    main()
