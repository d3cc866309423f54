"""The computer players' loop and the worker's questions, for :class:`tarot_page.table.Table`:
the computers play their turns at the table's pace (what follows a move is the game's adapter's,
``computer_move``); a searching version thinks in the Web Worker (``page.think``), and so does the
Hint button; a question is needed at the moment it was asked for only (the table's generation and
the deal's ply), and is cancelled (``page.cancel``) once the table moves on. Moved from ``Table``
(issue 32); the table holds one :class:`Computers` (``table.computers``) and is passed in, never
imported (no import cycle).
"""

from __future__ import annotations

import time

from tarot_page.common import YOU
from tarot_core.ai import choose_action, searches


class Computers:
    """The computer players and the worker's questions of ``table`` (a
    :class:`tarot_page.table.Table`: its page, match, :attr:`~Table.generation`, pace and hint)."""

    def __init__(self, table) -> None:
        self.table = table
        self.loop_generation = -1
        #: The worker's questions not answered yet: ``{id: (generation, ply)}``, the moment each
        #: was asked for (:meth:`think`); the last id given is :attr:`asked`.
        self.waiting: dict[int, tuple[int, int]] = {}
        self.asked = 0

    def schedule(self) -> None:
        """Let the computer players act until it is your turn or the deal ends."""
        table = self.table
        if self.loop_generation != table.generation:
            self.loop_generation = table.generation
            table.page.spawn(self.run_computers(table.generation))

    async def run_computers(self, generation: int) -> None:
        """Play the computers' turns, one action per ``pace`` (a finished trick stays a little
        longer; what follows a move is the game's: a French computer's chien is shown before
        its écart, a Hungarian seat's whole discard is one step), while ``generation`` is
        current. Your own turn is answered here only when it is no choice at all (the game's
        ``forced_action``: the HU-4.1 annulment question asked of a player who may not annul)."""
        table = self.table
        try:
            if generation != table.generation:  # the match left the table before this task ran
                return
            game, adapter = table.game, table.adapter
            while generation == table.generation and game.turn is not None:
                seat = game.turn
                if seat == YOU:
                    forced = adapter.forced_action(game)
                    if forced is None:
                        return
                    table.perform(forced, computer=True)
                    continue
                # A trick just won stays on the table a little longer.
                finished_trick = adapter.trick_just_won(game.view(YOU))
                action = await self.paced_action(seat, generation, 1.8 if finished_trick else 1)
                if action is None:
                    return
                if not await adapter.computer_move(table, game, seat, action, generation):
                    return
        finally:
            if self.loop_generation == generation:
                self.loop_generation = -1

    async def paced_action(self, seat: int, generation: int, paces: float):
        """:meth:`computer_action`, taking at least ``paces`` times the pace (its thinking time
        counts towards it); ``None`` when the match left the table meanwhile."""
        table = self.table
        started = time.monotonic()
        action = await self.computer_action(seat, generation)
        if action is None:
            return None
        await table.page.sleep(max(0.0, table.pace * paces / 1000 - (time.monotonic() - started)))
        return action if generation == table.generation else None

    async def computer_action(self, seat: int, generation: int):
        """The action of the computer player at ``seat`` now, or ``None`` when the match left the
        table meanwhile. A searching version thinks in the worker (``page.think``); should the
        worker fail, the same player answers here (the same choice, only on this thread)."""
        table = self.table
        game, match = table.game, table.match
        if not searches(match.rules.id, match.player):
            return choose_action(game.view(seat), match.current_seed, game.ply, version=match.player)
        step = game.ply
        answer = await self.think(seat, version=match.player)
        if generation != table.generation or game.ply != step:  # as a cancelled question always is
            return None
        if "move" in answer:
            try:
                action = game.action_of(answer["move"])
            except (TypeError, ValueError):
                action = None
            if action is not None and game.is_legal(action):  # never a move the engine refuses
                return action
        return choose_action(game.view(seat), match.current_seed, step, version=match.player)

    def question(self, seat: int, **what) -> dict:
        """A request for the worker (``thinking.think``) about ``seat`` now: its id (the next
        :attr:`asked`), the deal's record, seed and step, and ``what`` (a ``version`` or
        ``level``, ``hint``)."""
        table = self.table
        game, match = table.game, table.match
        self.asked += 1
        return {"id": self.asked, "record": match.rules.deal_record(game), "seat": seat,
                "seed": match.current_seed, "step": game.ply, **what}

    async def think(self, seat: int, **what) -> dict:
        """The worker's answer to :meth:`question` (``page.think``). The question is needed at
        this moment only (this generation, this ply): once the table moves on, it is cancelled
        (:meth:`cancel_stale`), and its answer, ``{"cancelled": True}`` or a late one, is
        dropped by the caller, who checks the moment again."""
        table = self.table
        request = self.question(seat, **what)
        self.waiting[request["id"]] = (table.generation, table.game.ply)
        try:
            return await table.page.think(request)
        finally:
            self.waiting.pop(request["id"], None)

    def cancel_stale(self) -> None:
        """Tell the worker (``page.cancel``) which of the questions still :attr:`waiting` are no
        longer needed: those asked at another moment than now (another generation: a new deal,
        match or screen; another ply: you or a computer acted since, as after a hint asked
        before your play)."""
        table = self.table
        now = (table.generation, table.game.ply if table.match is not None else None)
        stale = [asked for asked, moment in self.waiting.items() if moment != now]
        for asked in stale:
            del self.waiting[asked]
        if stale:
            table.page.cancel(stale)

    def ask_hint(self) -> None:
        """Ask the worker for the strong player's view of your choices (:attr:`hint`)."""
        table = self.table
        game = table.game
        if table.hint_state(game.view(YOU)) is None or (
                table.hint is not None and table.hint[:2] == (table.generation, game.ply)):
            return
        table.hint = (table.generation, game.ply, None)
        table.render()
        table.page.spawn(self._hint(table.generation, game.ply))

    async def _hint(self, generation: int, step: int) -> None:
        table = self.table
        game = table.game
        try:
            answer = await self.think(YOU, hint=True, level="strong")
        except Exception:  # whatever went wrong, "Thinking…" must not stay: no hint
            answer = {}
        if generation != table.generation or game.ply != step:
            return
        pairs = []
        for move, points in answer.get("hint", ()):
            try:
                pairs.append((game.action_of(move), points))
            except (TypeError, ValueError):  # a wrong answer: no hint rather than a wrong one
                pairs = []
                break
        table.hint = (generation, step, pairs)
        table.render()
