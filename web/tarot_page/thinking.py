"""What the computer players' Web Worker runs (web/static/ai-worker.js), as plain Python.

The page sends a request as JSON text and gets an answer as JSON text; the worker's own copy of
Python does the thinking, so the page never waits on a search (issue 17). The request holds the
deal's record (the format of :func:`tarot_core.records.replay_deal`: the dealt cards and every
action so far), the seat to think for, the deal's seed, the step (actions applied so far) and the
level; the worker replays the record and asks :mod:`tarot_core.ai` as the page itself would, so
its choice is the one the page would make (the same ``(view, seed, step, level)``).

Request: ``{"id": int, "record": {...}, "seat": int, "seed": int | str, "step": int,
"version": "v2-strong" (or "level": "easy" | "normal" | "strong"), "hint": bool}``: a version names
the player exactly (the match's ``player``), a level as :data:`tarot_core.ai.LEVELS` has it now.

Answer: ``{"id": ..., "move": int}`` (the compact move, ``state.move_of`` of the action), or with
``"hint": true`` ``{"id": ..., "hint": [[move, points], ...]}`` (best first, as
:func:`tarot_core.ai.hint`), or ``{"id": ..., "error": "text"}`` when the request is wrong (a
record that does not replay, a step that is not the record's, a seat not to act).

The worker (web/static/ai-worker.js, where the whole protocol is) queues the requests and may answer one
without calling this module at all: ``{"cancel": [id, ...]}`` from the page names requests no
longer needed (the table moved on), and each of them not yet started is answered
``{"id": ..., "cancelled": true}``. The ids are the asker's (``table.Table`` numbers its
questions); this module only copies them into its answers.
"""

from __future__ import annotations

import json

from tarot_core import ai, jsonsafe
from tarot_core.errors import TarotError
from tarot_core.records import replay_deal


def think(request: dict) -> dict:
    """Answer one request (module docstring) as a dict."""
    answer: dict = {"id": request.get("id")}
    try:
        game = replay_deal(request["record"], check_result=False)
        seat, step = request["seat"], request["step"]
        if game.ply != step:
            raise ValueError(f"the record holds {game.ply} actions, not {step}")
        view = game.view(seat)
        if request.get("hint"):
            values = ai.hint(view, request["seed"], step, level=request.get("level", "strong"))
            answer["hint"] = [[game.move_of(action), points] for action, points in values]
        else:
            if "version" in request:
                action = ai.choose_action(view, request["seed"], step, version=request["version"])
            else:
                action = ai.choose_action(view, request["seed"], step, level=request["level"])
            answer["move"] = game.move_of(action)
    except (KeyError, TypeError, ValueError, TarotError) as error:
        answer["error"] = f"{type(error).__name__}: {error}"
    return answer


def answer(text: str) -> str:
    """:func:`think` from JSON text to JSON text (what the worker calls)."""
    try:
        request = jsonsafe.loads(text)  # bounded: deep nesting would kill the worker's Pyodide
    except jsonsafe.UntrustedJSONError as error:
        return json.dumps({"id": None, "error": f"not JSON: {error}"})
    if not isinstance(request, dict):
        return json.dumps({"id": None, "error": "a request is a JSON object"})
    return json.dumps(think(request), allow_nan=False)  # JavaScript's JSON.parse takes no NaN
