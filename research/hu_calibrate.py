"""Does Hungarian Tarokk's simulated value of a bid or an announcement predict what it really
gains? Data for a bias correction of the simulated bids (HU-3) and announcements (HU-6).

Usage::

    python research/hu_calibrate.py collect --deals 60 [--first 0] [--jobs 2] > rows.jsonl
    python research/hu_calibrate.py report rows.jsonl

``collect`` plays deals (seeded as the arena's, 4 players, pagat rules) with every seat
``v3-normal``. At each choice of the bidding or the announcements with more than one legal
action it measures, for each action that ``research/hu_gate.py`` could take instead of ``v1``'s
(an announcement only for its own side; a kontra only on an item not doubled yet):

* the **simulated gain**: the weighted mean, over ``research/hu_gate.py``'s 12 sampled deals
  finished by ``v1`` play-outs, of (the action's score minus ``v1``'s choice's), and its
  standard error;
* for an action whose simulated gain is above 0, the **real gain**: the same difference in the
  real deal (every hand as dealt) finished by ``v3-normal`` at every seat, seeded as the
  arena's; that is what the action would have gained at that table.

``report`` groups the rows by the kind of change (a higher bid, a bid instead of a pass, a pass
instead of a bid, an announcement or a kontra of each bonus) and, for each group and for the
rows whose simulated gain is at least ``z`` standard errors above 0, gives the mean real gain with
its 95% confidence interval. A group whose real gain stays below 0 at every ``z`` is one where
the simulation misleads. Not a test: the figures go in the notes.

Figures and finding: ``research/README.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))  # the arena's deals and players
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import choose, new_state  # noqa: E402
from hu_gate import LABEL as GATE_LABEL, paired_gain  # noqa: E402

from tarot_core.hungarian import ai_v3  # noqa: E402
from tarot_core.hungarian.actions import Announce, Bid, Kontra, Phase  # noqa: E402
from tarot_core.hungarian.ai_v1 import choose_action as v1_action  # noqa: E402
from tarot_core.hungarian.ai_v2 import scored_deals  # noqa: E402
from tarot_core.hungarian.determinize import DeterminizeError  # noqa: E402

DEALS = 12
LABEL = GATE_LABEL  # the same sampled deals as research/hu_gate.py
_ORDER = {None: -1, "three": 0, "two": 1, "one": 2, "solo": 3}


def kind(action, base) -> str:
    """The group of a change from ``base`` (``v1``'s choice) to ``action``."""
    if isinstance(action, Bid):
        a = None if action.bid is None else action.bid.value
        b = None if not isinstance(base, Bid) or base.bid is None else base.bid.value
        if a is None:
            return "bid: pass instead of a bid"
        if b is None:
            return f"bid: {a} instead of a pass"
        return f"bid: {a} instead of {b}" if _ORDER[a] > _ORDER[b] else f"bid: {a}, lower than {b}"
    if isinstance(action, Announce):
        return f"announce {action.bonus}"
    if isinstance(action, Kontra):
        return f"kontra {action.bonus}"
    return f"{type(action).__name__.lower()} instead of {type(base).__name__.lower()}"


def _v3_score(state, me: int, seed: str) -> int:
    game = state.copy()
    while game.turn is not None:
        game.push(choose(game, "v3-normal", None, seed)[0])
    return game.scores[me]


def _rows_of_choice(state, seed: str) -> list[dict]:
    view = state.view(state.turn)
    legal = list(view.legal)
    base = legal.index(v1_action(view, seed, state.ply))
    try:
        rows = list(scored_deals(view, seed, state.ply, DEALS, ai_v3.weight, LABEL, ai_v3._sample))
    except DeterminizeError:
        return []
    doubled = {bonus: level for bonus, _, level in view.announced}
    me, out, base_real = view.seat, [], None
    for j, action in enumerate(legal):
        if j == base or (isinstance(action, Announce) and view.speaking is not view.side):
            continue
        if isinstance(action, Kontra) and doubled.get(action.bonus, 0):
            continue
        mean, se = paired_gain(rows, j, base)
        row = {"phase": view.phase.name, "kind": kind(action, legal[base]), "action": str(action),
               "base": str(legal[base]), "sim": mean, "se": se, "real": None}
        if mean > 0:
            if base_real is None:
                trial = state.copy()
                trial.push(trial.move_of(legal[base]))
                base_real = _v3_score(trial, me, seed)
            trial = state.copy()
            trial.push(trial.move_of(action))
            row["real"] = _v3_score(trial, me, seed) - base_real
        out.append(row)
    return out


def collect_deal(k: int) -> list[dict]:
    """The rows of deal ``k`` (module docstring)."""
    state = new_state("hungarian", 4, k, "pagat")
    seed = f"arena/{k}"
    rows = []
    while state.turn is not None:
        if state.phase in (Phase.BIDDING, Phase.ANNOUNCEMENTS) and len(state.view(state.turn).legal) > 1:
            for row in _rows_of_choice(state, seed):
                rows.append({"deal": k, **row})
        state.push(choose(state, "v3-normal", None, seed)[0])
    return rows


def report(rows: list[dict]) -> None:
    """Mean real gain per group and threshold (module docstring)."""
    measured = [r for r in rows if r["real"] is not None]
    print(f"{len(rows)} candidate changes, {len(measured)} with a simulated gain above 0")
    groups: dict[str, list[dict]] = {}
    for r in measured:
        groups.setdefault(r["kind"], []).append(r)
    groups["all"] = measured
    for name, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        line = []
        for z in (0.0, 1.0, 2.0, 3.0):
            chosen = [r["real"] for r in members if r["sim"] - z * r["se"] > 0]
            if not chosen:
                line.append(f"z{z:.0f}: -")
                continue
            m = sum(chosen) / len(chosen)
            sd = math.sqrt(sum((x - m) ** 2 for x in chosen) / (len(chosen) - 1)) if len(chosen) > 1 else 0.0
            line.append(f"z{z:.0f}: n {len(chosen)} {m:+.1f} ±{1.96 * sd / math.sqrt(len(chosen)):.1f}")
        print(f"  {name:40} " + " | ".join(line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", type=int, default=60)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--jobs", type=int, default=2)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "collect":
        with ProcessPoolExecutor(args.jobs) as pool:
            for rows in pool.map(collect_deal, range(args.first, args.first + args.deals), chunksize=1):
                for row in rows:
                    print(json.dumps(row), flush=True)
        return 0
    report([json.loads(line) for f in args.files for line in open(f) if line.strip()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
