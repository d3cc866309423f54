"""Command-line entry point: ``python -m tarot_core <command>``.

Commands (argparse subcommands, built by :func:`_build_parser`, each with a handler of the shape
of :func:`cmd_score`; their JSON interfaces are fixed: tools outside the project use them):

``score``
    Reads ONE JSON object on stdin describing a deal, prints ONE JSON object (one line) on stdout:
    ``{"made": bool, "margin": int, "per_defender": int, "taker": int, "partner": int|null}``.
    See :func:`tarot_core.french.scoring.score_from_json` for the input keys (FR-7). With
    ``"game": "hungarian"`` in the object it scores a Hungarian Tarokk deal instead
    (:func:`tarot_core.hungarian.scoring.score_from_json`, HU-8): ``{"winner", "declarer",
    "partner", "opponents", "items"}``. ``"game": "french"``, or no ``game``, is the French
    interface, unchanged.

``replay FILE`` (``-`` for stdin)
    Replays a deal or match record (:mod:`tarot_core.records`) through the rules engine and
    prints its result as one JSON line. An illegal action, or a stated result that differs from
    the replayed one, exits with status 2 and one line naming the action's index, its seat and
    the rule it breaks, or the figure that differs.

Exit status: 0 on success; 2 on bad input or bad usage, with exactly one line on stderr
(``error: <key>: <message>``) and nothing on stdout.

All the logic is in :func:`main`, which tests can call in-process with their own streams.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from decimal import Decimal
from typing import IO, Callable, Sequence

from . import jsonsafe
from .errors import ScoreInputError
from .scoresheet import score_json as _score_any  # the sheet scores deals through it too

EXIT_OK = 0
EXIT_USAGE = 2
#: The longest input file or stdin read, in characters (a whole match's record is under 30,000):
#: generous, but bounded like every outside JSON (:mod:`tarot_core.jsonsafe`).
CLI_MAX_CHARS = 64_000_000

_SCORE_HELP = """\
Read ONE JSON object on stdin, print the deal's score as one JSON object (one line) on stdout.

input keys:
  players        3, 4 or 5 (required)
  contract       "prise", "garde", "garde_sans" or "garde_contre" (required)
  points         the taker's side's card points, a multiple of 0.5 in 0..91 (required)
  bouts          the bouts among them, an integer 0..3 (required)
  petit_au_bout  "attack", "defence" or null: the side that won the Petit in the last trick
  poignees       a list of {"side": "attack"|"defence", "size": "simple"|"double"|"triple"};
                 each bonus goes to the side that wins the deal, whoever showed it (FR-4.4)
  chelem         {"announced": true|false, "made_by": "attack"|"defence"|null}
  partner        5 players only: true if the taker has a partner, false if alone.
                 Default at 5 players: true (the taker has a partner). Not allowed with 3 or 4.
Missing optional keys (or null) mean none.

output keys:
  made           true if the contract is made (exactly the target is made)
  margin         points minus target, half points rounded towards the winning side (FR-7.3)
  per_defender   each defender's score (FR-7.5)
  taker          the taker's score
  partner        the partner's score, null unless 5 players with a partner

Chelem announced by the attack and made by the defence scores both penalties (-400 per defender
from the attack's view).

example:
  echo '{"players": 4, "contract": "garde", "points": 49, "bouts": 2,
         "petit_au_bout": "attack", "poignees": [{"side": "attack", "size": "simple"}]}' \\
    | python -m tarot_core score
  {"made": true, "margin": 8, "per_defender": -106, "taker": 318, "partner": null}

Hungarian Tarokk (HU-8): the same object with "game": "hungarian" (without "game", or with
"game": "french", the object is a French Tarot deal as above).

input keys (a missing optional key, or null, means none / false / 1):
  game           "hungarian"
  players        4 or 5 (default 4; at five the dealer scores 0 and is not in the output)
  bid            "three", "two", "one" or "solo" (required; game value g = 1, 2, 3, 4)
  alone          true if the declarer has no partner
  points         the declarer's side's card points, an integer 0..94 (required)
  tricks         the declarer's side's tricks, an integer 0..9 (required)
  announced      a list of {"bonus": B, "side": "declarer"|"opponents", "kontra": K}:
                 B one of game, double_game, volat, trull, four_kings, pagat_ultimo, xxi_catch;
                 K the number of doublings 0..5 (1 kontra ... 5 mordkontra; default 0). The game
                 is never announced: {"bonus": "game", "kontra": K} gives the kontra on it.
  made           {"trull": S, "four_kings": S, "xxi_catch": S,
                  "pagat_ultimo": null | {"side": S, "won": true|false}}, S a side or null:
                 the side holding all three honours / all four Kings in its tricks, the side whose
                 Skiz caught an opponent's XXI, the side whose pagat went to the last trick and
                 whether it won it. Double game and volat follow from points and tricks.
  tarokks        a list of {"seat": "declarer"|"partner"|"opponent1"|"opponent2"|"opponent3",
                 "count": 8|9}: declared tarokk counts, each paid by every other active player
  multiplier     1, 2, 4, ... (a doubled round, HU-8.4)
  profile        "pagat" (default) or "tournament" (HU-10: tarokk counts are a side bonus)

output keys:
  winner         "declarer" or "opponents": who won the game (48 card points or more)
  declarer       the declarer's score
  partner        the partner's score, null when the declarer is alone
  opponents      the opponents' scores: two, or three when alone (opponent1, opponent2, ...)
  items          a list of {"bonus", "side", "value", "announced", "kontra"} (and "seat" for
                 eight_tarokks / nine_tarokks): each item that scored, the side receiving it and
                 what each of its players receives from each player of the other side
Every result sums to zero.

example:
  echo '{"game": "hungarian", "bid": "two", "points": 75, "tricks": 7,
         "announced": [{"bonus": "double_game", "side": "declarer", "kontra": 1}]}' \
    | python -m tarot_core score
  {"winner": "declarer", "declarer": 16, "partner": 16, "opponents": [-16, -16], "items": [...]}

A deal no play of the cards can give is refused, naming the key: French card points that the
bouts, the contract's ecart or chien, or the chelem exclude (5 points with 3 bouts; half points at
4 players); Hungarian card points that the tricks and the bid exclude (points without a trick
after a solo), a bonus made in the tricks of a side that won none.

exit status: 0 on success; 2 on bad input, with one line "error: <key>: <message>" on stderr
(keys and values from the input shown escaped and shortened).
"""


class _UsageError(Exception):
    """Raised instead of argparse's print-usage-and-exit, so :func:`main` can report one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def _build_parser() -> _Parser:
    parser = _Parser(
        prog="python -m tarot_core",
        description="French Tarot (FFT rules) and Hungarian Tarokk tools.",
    )
    sub = parser.add_subparsers(dest="command", metavar="command")
    score = sub.add_parser(
        "score",
        help="score one deal: JSON object on stdin, JSON object on stdout",
        description=_SCORE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.set_defaults(handler=cmd_score)
    replay = sub.add_parser(
        "replay",
        help="replay a deal or match record and print its result as JSON",
        description="Replay a game record (format tarot-core/deal or tarot-core/match, see "
                    "tarot_core.records) through the rules engine and print the result as one JSON "
                    "line. Exit 2 with one line on stderr for an unreadable record, an illegal "
                    "action (its index, seat and rule) or a stated result that differs.",
    )
    replay.add_argument("file", help="the record's path, or - for stdin")
    replay.set_defaults(handler=cmd_replay)
    return parser


class _NoDuplicates:
    """``object_pairs_hook`` that rejects a key given twice in one JSON object."""

    def __call__(self, pairs: list[tuple[str, object]]) -> dict[str, object]:
        obj: dict[str, object] = {}
        for key, value in pairs:
            if key in obj:
                raise ScoreInputError(key, "key given more than once")
            obj[key] = value
        return obj


def _read_text(stdin: IO) -> str:
    data = stdin.read()
    if isinstance(data, bytes):
        return data.decode("utf-8-sig")
    return data


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


#: The longest key an error line shows (a longer one, typed by whoever wrote the input, is cut).
KEY_MAX = 60
#: The longest message an error line shows (the messages quote input values, already shortened).
MESSAGE_MAX = 400
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.\[\]]{1,%d}" % KEY_MAX)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _escaped(text: str) -> str:
    """``text`` with every character that is not printable (ESC, BEL, other controls, line
    breaks, bidirectional overrides …) written as its Python escape (``\\x1b``)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shown_key(key: object) -> str:
    """An input key as an error line shows it: a key of the interface (``points``,
    ``poignees[1].size``) as it is; anything else — an unknown key typed in the input, with
    control characters or megabytes long — as its ``repr``, shortened to :data:`KEY_MAX`
    characters with ``...``, so that nothing raw reaches the terminal."""
    text = str(key)
    if _PLAIN_KEY.fullmatch(text):
        return text
    return _shorten(repr(text), KEY_MAX)


def _fail(stderr: IO, key: str | None, message: str) -> int:
    """Write ONE line ``error: <key>: <message>`` (the key by :func:`shown_key`, the message
    with its non-printable characters escaped and at most :data:`MESSAGE_MAX` characters) and
    return :data:`EXIT_USAGE`."""
    line = _shorten(_escaped(_one_line(message)), MESSAGE_MAX)
    stderr.write(f"error: {shown_key(key) if key else 'input'}: {line}\n")
    stderr.flush()
    return EXIT_USAGE


def cmd_score(args: argparse.Namespace, stdin: IO, stdout: IO, stderr: IO) -> int:
    """``score``: one JSON object on stdin → one JSON line on stdout (FR-7).

    Returns 0, or 2 after writing one ``error: <key>: <message>`` line on stderr (and nothing on
    stdout) when the input is unreadable or invalid.
    """
    try:
        text = _read_text(stdin)
    except UnicodeDecodeError as exc:
        return _fail(stderr, None, f"stdin is not UTF-8 text ({exc.reason})")
    if not text.strip():
        return _fail(stderr, None, "expected one JSON object on stdin, got nothing")
    try:
        data = jsonsafe.loads(text, max_chars=CLI_MAX_CHARS, parse_float=Decimal, object_pairs_hook=_NoDuplicates())
    except jsonsafe.UntrustedJSONError as exc:
        if exc.reason == "syntax" and isinstance(exc.__context__, json.JSONDecodeError):
            exc = exc.__context__
            return _fail(stderr, None, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
        return _fail(stderr, None, f"not valid JSON: {exc}")
    except ScoreInputError as exc:
        return _fail(stderr, exc.key, str(exc))
    except json.JSONDecodeError as exc:
        return _fail(stderr, None, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except (ValueError, RecursionError) as exc:
        return _fail(stderr, None, f"not valid JSON: {exc}")
    try:
        result = _score_any(data)
    except ScoreInputError as exc:
        return _fail(stderr, exc.key, str(exc))
    stdout.write(json.dumps(result.to_json_dict()) + "\n")
    stdout.flush()
    return EXIT_OK


def cmd_replay(args: argparse.Namespace, stdin: IO, stdout: IO, stderr: IO) -> int:
    """``replay FILE``: replay a record and print its result (see :mod:`tarot_core.records`).

    Returns 0, or 2 after one ``error: ...`` line on stderr.
    """
    from .records import RecordError, replay  # keeps ``score`` start-up light

    try:
        if args.file == "-":
            text = _read_text(stdin)
        else:
            with open(args.file, "rb") as fh:
                text = fh.read().decode("utf-8-sig")
    except OSError as exc:
        return _fail(stderr, "file", f"cannot read {args.file}: {exc.strerror}")
    except UnicodeDecodeError as exc:
        return _fail(stderr, "file", f"{args.file} is not UTF-8 text ({exc.reason})")
    try:
        record = jsonsafe.loads(text, max_chars=CLI_MAX_CHARS)
    except jsonsafe.UntrustedJSONError as exc:  # bad JSON, a number too long to read, too long or deep
        cause = exc.__context__ if isinstance(exc.__context__, ValueError) else exc
        return _fail(stderr, "file", f"not valid JSON: {_one_line(str(cause))}")
    try:
        result = replay(record)
    except RecordError as exc:
        stderr.write(f"error: {_one_line(str(exc))}\n")
        stderr.flush()
        return EXIT_USAGE
    stdout.write(json.dumps(result) + "\n")
    stdout.flush()
    return EXIT_OK


def main(argv: Sequence[str] | None = None, stdin: IO | None = None, stdout: IO | None = None,
         stderr: IO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and the given streams
    (default the process's own). Returns the exit status (0 ok, 2 bad input or usage); never
    calls ``sys.exit`` itself, so tests can call it in-process.

    With the process's own stdin, the input is read as bytes and decoded as UTF-8.
    """
    if stdin is None:
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = _build_parser()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = parser.parse_args(None if argv is None else list(argv))
    except _UsageError as exc:
        return _fail(stderr, "usage", f"{exc} (see python -m tarot_core --help)")
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    handler: Callable[..., int] | None = getattr(args, "handler", None)
    if handler is None:
        return _fail(stderr, "usage", "missing command (available: score, replay; see python -m tarot_core --help)")
    return handler(args, stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
