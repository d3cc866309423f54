"""Hungarian Tarokk on the page: its table (:mod:`.render`), its clicks (:mod:`.controller`), its
deal form on the score sheet (:mod:`.sheet`) and its adapter (:data:`ADAPTER`, registered by :mod:`tarot_page.games`)."""

from __future__ import annotations

from tarot_page.adapter import Adapter
from tarot_page.common import YOU
from tarot_page.games.hungarian import controller, render, sheet
from tarot_page.i18n import N_, _
from tarot_core.hungarian.actions import Annul, Bid, Discard, Phase, Play
from tarot_core.hungarian.cards import PAGAT
from tarot_core.hungarian.scoring import Bid as Level
from tarot_core.match import Match


class HungarianAdapter(Adapter):
    """Hungarian Tarokk's pieces for the shell (see :class:`tarot_page.adapter.Adapter`)."""

    id = "hungarian"
    name = N_("Hungarian Tarokk")
    file_prefix = "tarokk"
    render = render
    controller = controller
    sheet = sheet

    def deal_summary(self, v, players: int) -> str:
        """A counted deal (your view ``v`` of it) in a few words (:func:`render.deal_summary`)."""
        return render.deal_summary(v, render.NAMES[players])

    def table_html(self, game, v, screen) -> str:
        return render.table_html(v, screen, extras(game, v))

    stats_words = (N_("No deal declared yet."), N_("Deals you declared"), N_("Bid"), N_("Declared"), N_("Won"))

    def entry_kind(self, kind: str) -> str:
        return _("Hungarian · {kind}").format(kind=kind)

    def taken_label(self, name: str) -> tuple[int, str]:
        order = list(render.BID_WORDS)
        return order.index(name) if name in order else 99, _(render.BID_WORDS.get(name, name))

    def carry_out(self, table, kind: str, value) -> None:
        if kind == "discard":
            discard(table, value)

    def new_match(self, players: int, seed: str, deals: int | None, player: str, prefs: dict):
        """A match in the rule profile the start screen remembers (HU-10)."""
        return Match(players, seed, deals_to_play=deals, first_dealer=players - 1, game=self.id,
                     profile=prefs["profile"], player=player)

    def hint_offered(self, v) -> bool:
        """Its bids, announcements and kontras are v1's, at most withdrawn: no hint there."""
        from tarot_core.hungarian.ai_v2 import SEARCHED

        return v.phase in SEARCHED

    def forced_action(self, game):
        """The HU-4.1 annulment question asked of a player who may not annul (everyone is asked,
        so that being asked tells nothing): its single legal answer."""
        legal = game.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Annul):  # no choice: not your act
            return legal[0]
        return None

    def trick_just_won(self, v) -> bool:
        return v.phase is Phase.PLAY and not v.trick and v.tricks

    async def computer_move(self, table, game, seat: int, action, generation: int) -> bool:
        """The computer's move; a seat's whole discard is one step, then its annulment answer."""
        if isinstance(action, Discard):  # the seat's whole discard, then its annulment answer
            while (generation == table.generation and game.turn == seat and game.phase is Phase.DISCARD):
                table.perform(action, draw=False)
                action = await table.computers.computer_action(seat, generation)
                if action is None:
                    return False
                if isinstance(action, Annul):
                    table.perform(action, draw=False)
                    break
            table.persist(computer=True)
            table.render()
        else:
            table.perform(action, computer=True)
        return True


def discard(table, cards) -> None:
    """Discard ``cards`` one by one (HU-4; the engine checks each: a refusal stops there),
    answer the annulment question when it is no choice, and let the computers go on."""
    if table.superseded:
        return
    for card in cards:
        if not table.perform(Discard(YOU, card), draw=False):
            break
    table.choices = table.choices._replace(selected=frozenset())
    table.persist()
    table.render()
    table.schedule()


def extras(game, v):
    """What the Hungarian table needs from the engine besides your view (the page works out
    no rule): at your turn to bid, each legal bid's kind (``HungarianDeal.bid_kind``) and why
    a higher bid is not offered (``HungarianDeal.error_of``, worded by ``render``); at your
    turn to play, why the pagát is held back (HU-7); once the deal is scored, the declarer's
    side's card points (``HungarianDeal.card_points``, HU-8.1)."""
    if v.phase is Phase.DONE:
        return render.Extras(points=game.card_points())
    if v.turn != YOU:
        return render.Extras()
    if v.phase is Phase.PLAY:
        error = game.error_of(Play(YOU, PAGAT)) if PAGAT in v.hand else None
        return render.Extras(play_note=render.rule_text(error))
    if v.phase is not Phase.BIDDING:
        return render.Extras()
    kinds = {("pass" if a.bid is None else a.bid.value): game.bid_kind(a) for a in v.legal}
    current = game.level  # the bid to beat (public: the view names the level once the auction ends)
    order = list(Level)
    offered = {a.bid for a in v.legal}
    higher = [lv for lv in order if (current is None or order.index(lv) > order.index(current))
              and lv not in offered]
    errors = [(lv, game.error_of(Bid(YOU, lv))) for lv in higher]
    notes = [render.bid_note(lv, e) for lv, e in errors]
    notes = list(dict.fromkeys(n for n in notes if n))  # each reason once, in bid order
    return render.Extras(kinds, " ".join(notes) or None)


#: Hungarian Tarokk's adapter.
ADAPTER = HungarianAdapter()
