"""Information-set MCTS for French Tarot's card play: the experiment that PIMC was chosen against.

Not a published player (nothing in ``tarot_core`` uses it): ``bench/arena.py --a ismcts``
plays it against the published levels to decide, by measurement, between the two ways of
searching an imperfect-information game that the strong-player issue names:

* **PIMC** (``tarot_core.french.ai_v2``): sample ``budget`` deals consistent with the view, play
  every legal card in each of them and finish the deal with ``v1``; keep the best average.
* **SO-ISMCTS** (single-observer information-set MCTS, Cowling, Powley and Whitehouse, 2012;
  here): one tree over the moves of the deal as the deciding seat sees them; each iteration
  samples a new consistent deal (``determinize``), walks down the tree choosing among the moves
  legal in that deal by UCB1 with availability counts, adds one node, finishes the deal with
  ``v1`` and adds each seat's score to the nodes where that seat moved. The choice is the root's
  most visited move.

Both play the same deals' out with the same ``v1``, and this player hands every decision but
the card play before the last :data:`~tarot_core.french.ai_v2.EXACT_CARDS` cards to ``v2``
(bids, écart, poignée, the end game's exact search), so the arena measures only the search of
the card play. Iterations per decision: ``budget`` times the number of legal cards, the number
of play-outs PIMC spends on the same decision.
"""

from __future__ import annotations

import math
import os
import random
from hashlib import sha256

from tarot_core.french import ai_v2
from tarot_core.french.actions import Phase
from tarot_core.french.determinize import determinize
from tarot_core.french.fast_v1 import choose_move as v1_move
from tarot_core.french.state import MOVE_POIGNEE

#: Exploration constant of UCB1, in points of a deal's score (French scores are tens to a few
#: hundred points per seat); the environment variable ``ISMCTS_EXPLORE`` sets another.
EXPLORE = float(os.environ.get("ISMCTS_EXPLORE", "60"))


class _Node:
    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat  # who made the move that leads here (None at the root)
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, _Node] = {}


def _iterate(root: _Node, world, me_seed: str, explore: float) -> None:
    node = root
    path = [root]
    while world.turn is not None:
        moves = world.legal_moves()
        seat = world.turn
        untried = [m for m in moves if m not in node.children]
        for m in moves:
            child = node.children.get(m)
            if child is not None:
                child.avail += 1
        if untried:
            move = untried[0]
            child = _Node(seat)
            child.avail = 1
            node.children[move] = child
            world.push(move)
            path.append(child)
            break
        best, best_value = None, -math.inf
        for m in moves:
            child = node.children[m]
            value = child.total / child.visits + explore * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = m, value
        node = node.children[best]
        world.push(best)
        path.append(node)
    while world.turn is not None:
        world.push(v1_move(world, me_seed, world.ply))
    scores = world.scores
    for n in path:
        n.visits += 1
        if n.seat is not None:
            n.total += scores[n.seat]


def choose_action(view, seed, step, budget: int, explore: float = EXPLORE):
    """The action of SO-ISMCTS for ``view.seat`` (see the module docstring); ``v2``'s outside
    the card play and in the end game."""
    if len(view.legal) == 1:
        return view.legal[0]
    exact = len(view.hand) <= ai_v2.EXACT_CARDS[view.players]
    if view.phase is not Phase.PLAY or exact:
        return ai_v2.choose_action(view, seed, step, budget)
    digest = sha256(f"bench/ismcts|{seed}|{view.seat}|{step}|{budget}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    world = determinize(view, rng)
    action_of = {world.move_of(a): a for a in view.legal}
    moves = list(action_of)
    if any(m >= MOVE_POIGNEE for m in moves):  # a poignée decision: v2's
        return ai_v2.choose_action(view, seed, step, budget)
    root = _Node(None)
    for i in range(budget * len(moves)):
        if i:
            world = determinize(view, rng)
        _iterate(root, world, str(i), explore)
    best = max(moves, key=lambda m: (root.children[m].visits if m in root.children else -1,
                                     -moves.index(m)))
    return action_of[best]
