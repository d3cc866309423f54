"""French Tarot on the page: its table (:mod:`.render`), its clicks (:mod:`.controller`), its deal
form on the score sheet (:mod:`.sheet`) and its adapter (:data:`ADAPTER`, registered by :mod:`tarot_page.games`)."""

from __future__ import annotations

from tarot_page.adapter import Adapter
from tarot_page.common import YOU
from tarot_page.games.french import controller, render, sheet
from tarot_page.i18n import N_
from tarot_core.errors import IllegalActionError
from tarot_core.french import Chelem, Phase
from tarot_core.french.contracts import Contract
from tarot_core.match import Match


class FrenchAdapter(Adapter):
    """French Tarot's pieces for the shell (see :class:`tarot_page.adapter.Adapter`)."""

    id = "french"
    name = N_("French Tarot")
    file_prefix = "tarot"
    render = render
    controller = controller
    sheet = sheet

    def problem(self, game, v, choices) -> str | None:
        """Your whole écart chosen, before applying it: the engine names the rule it breaks
        (``FrenchDeal.ecart_error``), render words it (FR-4.1)."""
        if v.phase is Phase.ECART and v.turn == YOU and len(choices.selected) == v.chien_size:
            return render.rule_text(game.ecart_error(choices.selected))
        return None

    stats_words = (N_("No deal taken yet."), N_("Deals you took"), N_("Contract"), N_("Taken"), N_("Made"))

    def taken_label(self, name: str) -> tuple[int, str]:
        return Contract(name).level, render.contract_label(Contract(name))

    def carry_out(self, table, kind: str, value) -> None:
        if kind == "ecart":
            make_ecart(table, value.cards, value.announce)

    def new_match(self, players: int, seed: str, deals: int | None, player: str, prefs: dict):
        return Match(players, seed, deals_to_play=deals, first_dealer=players - 1, player=player)

    def trick_just_won(self, v) -> bool:
        return v.phase is Phase.PLAY and not v.trick and v.tricks

    async def computer_move(self, table, game, seat: int, action, generation: int) -> bool:
        """The computer's move; a computer that takes the chien lets it be seen, then puts its
        écart aside (FR-4.1) and the table is saved and drawn once."""
        table.perform(action, computer=True)
        if game.phase is Phase.ECART and game.turn == seat:
            # The computer takes the chien: let it be seen, then it puts cards aside.
            await table.page.sleep(table.pace * 2.5 / 1000)
            while generation == table.generation and game.phase is Phase.ECART:
                action = await table.computers.computer_action(seat, generation)
                if action is None:
                    return False
                table.perform(action, draw=False)
            table.persist(computer=True)
            table.render()
        return True


def make_ecart(table, cards, announce: bool) -> None:
    """Put ``cards`` aside (the engine checks the whole écart first; refused: nothing
    changes) and answer the chelem question that follows with ``announce`` (FR-4.3: the box
    in the écart panel answers it, so taking with an écart asks one question, not two)."""
    game = table.game
    if table.superseded:
        return
    try:
        game.apply_ecart(cards)
    except IllegalActionError:
        return
    table.computers.cancel_stale()
    if game.phase is Phase.CHELEM and game.turn == YOU:
        table.perform(Chelem(YOU, announce), draw=False)
    table.choices = table.choices._replace(selected=frozenset(), announce_chelem=False)
    table.persist()
    table.render()
    table.schedule()


#: French Tarot's adapter.
ADAPTER = FrenchAdapter()
