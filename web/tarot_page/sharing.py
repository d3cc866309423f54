"""Sharing a daily result and the daily leaderboard, for :class:`tarot_page.table.Table`: the
share code and text of the daily match on the table, the Share button, your own official result
put on your leaderboard, a shared result opened from a link (``#share=``) and the leaderboard
screen. Moved from ``Table`` (issue 32); the table holds one :class:`Sharing` (``table.sharing``)
and is passed in, never imported (no import cycle).
"""

from __future__ import annotations

from tarot_page import common, games, screens
from tarot_page.common import YOU
from tarot_page.i18n import _
from tarot_page.options import engine_text
from tarot_page.screens import MatchInfo
from tarot_core.saves import entry_game, rank_of


class Sharing:
    """The table's sharing and leaderboard screens: ``table`` is the :class:`tarot_page.table.Table`
    (its page, saves, match and date, its notices; the screens shown here take the table's
    place: :attr:`Table.redraw`, no match)."""

    def __init__(self, table) -> None:
        self.table = table

    def share_code(self) -> str:
        """The share code of the daily match on the table (:func:`tarot_core.share.encode`)."""
        from tarot_core.share import encode  # imported when first needed

        table = self.table
        return encode(table.match, table.date)

    def share_text(self, name: str = "") -> str:
        """The short text "Share" sends: the score and a link that replays the game, listing it
        under ``name`` on the leaderboard of whoever opens it (:func:`tarot_core.leaderboard.link_fragment`)."""
        from tarot_core.leaderboard import link_fragment

        table = self.table
        totals = table.match.totals()
        return screens.share_text(table.date, totals[YOU], rank_of(totals), table.match.players,
                                 f"{table.page.address()}#{link_fragment(self.share_code(), name)}",
                                 game=_(games.get(table.match.rules.id).name))

    def share(self) -> None:
        """Share the daily result under the name typed (remembered for next time): the device's
        share menu where the browser has one, else the text shown, selected and copied."""
        table = self.table
        name, notice = table.saves.set_board_name(table.page.value("share-name"))
        table.take_notice(notice)
        text = self.share_text(name)
        table.page.offer_text("share-text", text)
        if table.page.share_native(text):
            status = _("Your device's share menu is open.")
        else:
            status = _("Copied to the clipboard.") if table.page.copy(text) else _("Copy the text above to share it.")
        table.page.set_text("share-status", status)

    def list_own_result(self) -> None:
        """Put your official daily result, just finished, on your leaderboard."""
        from tarot_core.leaderboard import BoardEntry

        table = self.table
        totals = table.match.totals()
        name = table.saves.load_board()[1]
        entry = BoardEntry(self.share_code(), name, table.match.rules.id, table.date, table.match.players,
                           totals[YOU], rank_of(totals), mine=True)
        notice = table.saves.add_to_board(entry)[1]
        table.take_notice(notice)

    def show_shared(self, fragment: str) -> None:
        """A shared daily result (the address's ``#share=…`` ``fragment``): replay its moves from
        the date's deals and show the verdict; a verified one is put on your leaderboard under
        the sharer's name, a refused one never."""
        table = self.table
        table.redraw = lambda: self.show_shared(fragment)
        table.move_on()
        table.match = None
        table.page.flags(turn="none")
        try:
            from tarot_core.leaderboard import BoardEntry, parse_link
            from tarot_core.share import verify

            code, name = parse_link(fragment)
            result = verify(code, table.page.today())  # a daily result: whole, not dated after tomorrow
        except ValueError as e:  # tarot_core.share.ShareCodeError, leaderboard.ShareLinkError
            table.page.flags(phase="shared-invalid")
            table.page.show(screens.shared_invalid_html(engine_text(e)))
            return
        entry = BoardEntry.of(result, code, name)
        added, notice = table.saves.add_to_board(entry)
        table.page.flags(phase="shared")
        m = result.match
        table.page.show(common.notice_html(engine_text(notice)) + screens.shared_html(
            result.date, result.score, rank_of(m.totals()), MatchInfo.of(m), game=_(games.get(m.rules.id).name),
            name=entry.name, listed=None if notice else added))

    def show_leaderboard(self, game: str) -> None:
        """The daily leaderboard of ``game``: for today and each earlier day with results, your
        official result (from the board, or from the history for one finished before the board
        existed) and every verified friend's result opened here, ranked
        (:func:`tarot_core.leaderboard.ranked`)."""
        from tarot_core.leaderboard import BoardEntry, dates, ranked

        table = self.table
        table.redraw = lambda: self.show_leaderboard(game)
        table.move_on()
        table.match = None
        table.page.drop_fragment()
        table.page.flags(phase="leaderboard", turn="none")
        entries, name, notice = table.saves.load_board()
        history, history_notice = table.saves.load_history()
        table.take_notice(notice)
        table.take_notice(history_notice)
        mine = {(e.date, e.players) for e in entries if e.mine and e.game == game}
        for h in history:  # official results finished before the leaderboard kept them
            if (h["mode"] == "daily" and not h["practice"] and entry_game(h) == game
                    and (h["date"], h["players"]) not in mine):
                entries.append(BoardEntry("", name, game, h["date"], h["players"], h["score"], h["rank"], True))
        today = table.page.today()
        days = [today] + [d for d in dates(entries, game, today) if d != today][:13]
        table.page.show(screens.leaderboard_html(game, today, [(d, ranked(entries, game, d)) for d in days], name,
                                                table.notice, table.superseded))
