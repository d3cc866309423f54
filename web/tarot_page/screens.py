"""The screens both games share, as HTML text: plain Python, no browser in sight.

The start screen (each game's tab, its daily game, a new match at each table size, the level,
the history), the history and statistics, the data set aside, a shared daily result (verified or
not), the daily leaderboard and the text Share sends; and :class:`MatchInfo`, what the table shows
of the match around the deal. ``table.py`` puts the strings into the page. What the table itself
shows is each game's (``tarot_page.games.<game>.render``), with :mod:`tarot_page.common`'s pieces.
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page import games, i18n
from tarot_page.common import (GAME_TABS, YOU, DealRow, _row_key, language_menu_html, notice_html, ordinal,
                               signed)
from tarot_page.i18n import N_, _, ngettext, pgettext
from tarot_page.markup import Markup, escape

class MatchInfo(NamedTuple):
    """What the table shows of the match around the deal: sizes, scores, the kind of game.

    ``totals`` are the cumulative scores per seat, ``rows`` the counted deals (:class:`DealRow`),
    ``standings`` ``(seat, total)`` from first to last; ``mode`` is ``"free"`` or ``"daily"``
    (then ``date`` is its ``YYYY-MM-DD`` and ``practice`` says it is not the official attempt).
    """

    players: int
    deals_played: int
    deals_to_play: int
    is_over: bool
    totals: tuple[int, ...]
    rows: tuple[DealRow, ...] = ()
    standings: tuple[tuple[int, int], ...] = ()
    mode: str = "free"
    date: str | None = None
    practice: bool = False
    game: str = games.DEFAULT
    #: For a game other than French Tarot: each row's deal in a few words (the game's
    #: ``deal_summary``), in the order of ``rows``.
    summaries: tuple[str, ...] = ()
    #: For a finished daily game: the name your shared results carry (the leaderboard's), to
    #: offer again in the share box.
    sharer: str = ""

    @classmethod
    def of(cls, match, mode: str = "free", date: str | None = None, practice: bool = False) -> "MatchInfo":
        """The info of a :class:`tarot_core.match.Match` (its public methods only; each counted
        deal's result through your seat's view of it)."""
        game_id = match.rules.id
        views = [game.view(YOU) for game in match.scored]
        rows = tuple(DealRow(number, tuple(scores), tuple(totals), v.result)
                     for (number, scores, totals), v in zip(match.score_rows(), views))
        summaries: tuple[str, ...] = ()
        summarize = games.get(game_id).deal_summary  # None: the table's own words (French Tarot)
        if summarize is not None:
            summaries = tuple(summarize(v, match.players) for v in views)
        return cls(match.players, match.deals_played, match.deals_to_play, match.is_over,
                   tuple(match.totals()), rows, tuple(match.standings()), mode, date, practice, game_id, summaries)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, yours first (the game's ``NAMES``: its adapter's ``seat_names``),
        as the page shows them ("You" in the player's language)."""
        return games.get(self.game).seat_names(self.players)


# --- the other screens -------------------------------------------------------------------------

class Resumable(NamedTuple):
    """A game in progress that the start screen offers to continue: ``kind`` in words, in the
    player's language ("Daily 2025-01-02", "4 players"), the deal it stands at and the match's
    number of deals."""

    kind: str
    deal: int
    deals_to_play: int


def start_html(today: str, official: dict | None, deals: dict[int, int],
               resume: Resumable | None = None, notice: str | None = None, superseded: bool = False,
               *, game: str = games.DEFAULT, profile: str = "pagat", official_hu: dict | None = None,
               level: str = "normal") -> str:
    """The start screen: the two games as tabs (``game`` open); continue a game in progress
    (``resume``); the open game's daily game of ``today`` (``official``, or ``official_hu`` for
    another game than the page's first, French Tarot: today's official history entry, with
    ``score``, ``rank`` and ``players``, once played); a new game at each table size (``deals``:
    French Tarot's default number of deals by table size); for Hungarian Tarokk the rule
    ``profile`` choice; the computer players' ``level`` (the daily game keeps its own); and the
    history. ``notice`` and ``superseded`` as for :func:`notice_html`. The open game's part is its
    adapter's (``start_html``)."""
    opened = official if game == games.DEFAULT else official_hu
    return games.get(game).start_html(today, opened, resume, notice, superseded, deals=deals, profile=profile,
                                      level=level)


def history_html(st, entries: list[dict], notice: str | None = None, superseded: bool = False,
                 aside: list[tuple[str, int]] = ()) -> str:
    """The history screen (``#history``): the statistics ``st`` (a
    :class:`tarot_core.saves.Statistics`, or ``(game, name, statistics)`` for each game), the deals
    you took by contract, your daily results (the ten best), every finished match of ``entries``
    (history entries, newest first on screen), the data set aside (``aside``: ``(key, size in
    characters)`` of each ``tarot.corrupt.N``, :meth:`tarot_core.saves.Saves.set_aside_keys`; its
    section only when there is some) with Download and Delete, and Back / Export / Import;
    ``notice`` and ``superseded`` as for :func:`notice_html`."""
    per_game = st if isinstance(st, list) else [(games.DEFAULT, games.get(games.DEFAULT).name, st)]
    blocks = Markup("").join(_stats_html(game, name, stats, len(per_game) > 1) for game, name, stats in per_game)
    rows = Markup("").join(
        Markup('<tr data-entry="{id}"><th>{date}</th><td>{kind}</td><td>{players}</td><td>{place}</td>'
               "<td>{score}</td></tr>").format(
            id=e["id"], date=i18n.date(e["date"]), kind=_entry_kind(e), players=e["players"],
            place=ordinal(e["rank"]), score=signed(e["score"]))
        for e in reversed(entries)
    ) or Markup('<tr><td colspan="5">{}</td></tr>').format(_("No finished match yet."))
    return Markup("{notice}{language_menu}"
                  '<section class="history sheet wide" id="history">'
                  '<h1 class="visually-hidden">{heading}</h1>'
                  "<h2>{title}</h2>"
                  "{blocks}"
                  '<h3>{finished}</h3><table class="entries"><tr><th>{date}</th><th>{game}</th><th>{players}</th>'
                  "<th>{place}</th><th>{score}</th></tr>{rows}</table>"
                  "{aside}"
                  '<div class="actions"><button class="primary" data-action="new-match">{back}</button>'
                  '<button class="secondary" data-action="export">{export}</button>'
                  '<label class="secondary button">{import_}'
                  '<input type="file" accept=".json,application/json" data-action="import" hidden></label></div>'
                  "</section>").format(
        notice=notice_html(notice, superseded), language_menu=language_menu_html(),
        heading=_("French Tarot · Hungarian Tarokk"), title=_('History and statistics'), blocks=blocks,
        finished=_("Finished matches"), date=_("Date"), game=_("Game"), players=_("Players"), place=_("Place"),
        score=_("Score"), rows=rows, aside=_aside_html(aside), back=_("Back"), export=_("Export history"),
        import_=_("Import history"))


def _aside_html(aside) -> Markup:
    """The history screen's section of data set aside (``tarot.corrupt.N`` keys with their
    sizes): what they are, and for each a Download and a Delete button; empty without any."""
    if not aside:
        return Markup("")
    rows = Markup("").join(
        Markup('<tr data-aside="{key}"><th>{key}</th><td>{size}</td>'
               '<td><button class="secondary" data-action="aside-download" data-value="{key}">{download}</button> '
               '<button class="secondary" data-action="aside-delete" data-value="{key}">{delete}</button></td></tr>'
               ).format(key=key, download=_("Download"), delete=pgettext("data set aside", "Delete"),
                        size=ngettext("{count} character", "{count} characters", size).format(count=i18n.number(size)))
        for key, size in aside
    )
    what = _("Saved data the game could not read, kept as it was. Download it before you delete it: "
             "deleting it frees room in the browser and cannot be undone.")
    return Markup('<h3>{}</h3><p>{}</p><table class="aside"><tr><th>{}</th><th>{}</th><th></th></tr>'
                  "{}</table>").format(_("Data set aside"), what, _("Key"), _("Size"), rows)


def _entry_kind(e: dict) -> str:
    """A history entry's kind in words: "Free", "Daily (practice)", "Hungarian · Daily"."""
    if e["mode"] == "daily":
        kind = _("Daily (practice)") if e["practice"] else pgettext("game kind", "Daily")
    else:
        kind = pgettext("game kind", "Free")
    return games.get(e.get("game", games.DEFAULT)).entry_kind(kind)


def _taken_label(game: str, name: str) -> tuple[int, str]:
    """A contract (French) or bid (Hungarian) of the statistics: its order and its name in words."""
    return games.get(game).taken_label(name)


def _stats_html(game: str, title: str, st, titled: bool) -> str:
    """One game's statistics (``title``: the game's name, English or in the player's language):
    the counts, the deals you took (French) or declared (Hungarian) by contract, your daily results
    (the ten best)."""
    none_yet, taker, column, count, made = games.get(game).stats_words
    taken = Markup("").join(
        Markup("<tr><th>{}</th><td>{t}</td><td>{m}</td></tr>").format(_taken_label(game, c)[1], t=t, m=m)
        for c, (t, m) in sorted(st.taken.items(), key=lambda kv: _taken_label(game, kv[0])[0])
    ) or (Markup('<tr><td colspan="3">') + escape(_(none_yet))
          + Markup("</td></tr>"))
    board = Markup("").join(
        Markup("<tr><th>{}</th><td>{}</td><td>{}</td></tr>").format(i18n.date(date), signed(score), ordinal(rank))
        for date, score, rank in st.leaderboard[:10]
    ) or Markup('<tr><td colspan="3">{}</td></tr>').format(_("No daily game completed yet."))
    best = signed(st.best_daily) if st.best_daily is not None else "–"
    taker, column, count, made = _(taker), _(column), _(count), _(made)
    heading = Markup('<h3 class="game-title">{}</h3>').format(_(title)) if titled else Markup("")
    return Markup(
        '<div class="game-stats" data-game="{game}">{heading}'
        '<div class="stats">'
        '<div><strong data-stat="played">{played}</strong><span>{played_label}</span></div>'
        '<div><strong data-stat="won">{won}</strong><span>{won_label}</span></div>'
        '<div><strong data-stat="streak">{streak}</strong><span>{streak_label}</span></div>'
        '<div><strong data-stat="best">{best}</strong><span>{best_label}</span></div>'
        "</div>"
        '<h3>{taker}</h3><table class="taken"><tr><th>{column}</th><th>{count}</th>'
        '<th>{made}</th></tr>{taken}</table>'
        '<h3>{results}</h3><table class="board"><tr><th>{date}</th>'
        '<th>{score}</th><th>{place}</th></tr>{board}</table>'
        "</div>"
    ).format(game=game, heading=heading, played=st.played, played_label=_("matches played"), won=st.won,
             won_label=pgettext("statistics", "won"), streak=st.streak, streak_label=_("daily streak"),
             best=best, best_label=_("best daily"), taker=taker, column=column, count=count, made=made,
             taken=taken, results=_("Your daily results"), date=_("Date"), score=_("Score"), place=_("Place"),
             board=board)


def shared_invalid_html(reason: str) -> str:
    """A share link that does not verify (``#shared``): ``reason`` (the verifier's message, in
    the player's language where the page has it) with a capital letter, that it is not on the
    leaderboard, and Play."""
    said = _("{reason}.").format(reason=reason[:1].upper() + reason[1:])
    return Markup("{language_menu}"
                  '<section class="sheet shared" id="shared" role="alert">'
                  "<h2>{title}</h2><p>{said}</p><p>{not_added}</p>"
                  '<div class="actions"><button class="primary" data-action="new-match">{play}</button></div>'
                  "</section>").format(
        language_menu=language_menu_html(), title=_('This share link is not valid'), said=said,
        not_added=_('It was not added to your leaderboard.'), play=_("Play"))


def _is_first(game: str) -> bool:
    """Whether ``game`` (a game's name, English or in the player's language) is the page's first
    game (French Tarot), which a title does not name."""
    name = games.get(games.DEFAULT).name
    return game in (name, _(name))


def shared_html(date: str, score: int, rank: int, match, game: str = "French Tarot", name: str = "",
                listed: bool | None = None) -> str:
    """A verified shared daily result (``#shared``): the sharer's ``score`` and ``rank`` on
    ``date``, and the replayed ``match``'s score sheet (a :class:`MatchInfo`; the sharer is
    ``name``, or "Player" for a link without one); ``game`` names the game (English, or already
    in the player's language) when it is not French Tarot; ``listed`` says whether it was just
    added to your leaderboard (``False``: it was there already; ``None``: it could not be
    stored)."""
    sharer = name or pgettext("a sharer without a name", "Player")
    names = (sharer,) + match.names[1:]
    def head(k: int, row: DealRow) -> Markup:  # a deal that pays without counting: what it was
        if row.number is not None:
            return Markup("{}").format(row.number)
        return Markup("–<small>{}</small>").format(match.summaries[k] if match.summaries else "")

    rows = Markup("").join(
        Markup('<tr {}><th>{}</th>').format(_row_key(row.number, k), head(k, row))
        + Markup("").join(Markup("<td>{}</td>").format(signed(x)) for x in row.scores) + Markup("</tr>")
        for k, row in enumerate(match.rows)
    )
    head = Markup("").join(Markup("<th>{n}</th>").format(n=n) for n in names)
    totals = Markup("").join(Markup("<td><strong>{}</strong></td>").format(signed(t)) for t in match.totals)
    daily_value = Markup("" if match.game == games.DEFAULT else ' data-value="{}"').format(match.game)
    if _is_first(game):
        title = _("Daily game of {date}: verified").format(date=i18n.date(date))
    else:
        title = _("{game} · Daily game of {date}: verified").format(game=_(game), date=i18n.date(date))
    replayed = escape(_("{name}, replayed from the day's deals: {score}, {place} of {players}.")).format(
        name=escape(sharer), score=Markup('<strong id="shared-score">{}</strong>').format(signed(score)),
        place=ordinal(rank), players=match.players)
    return Markup(
        "{language_menu}"
        '<section class="sheet wide shared" id="shared">'
        "<h2>{title}</h2>"
        "<p>{replayed}</p>"
        '<p class="listed">{listed}</p>'
        '<table class="running"><tr><th>{deal}</th>{head}</tr>{rows}'
        '<tr class="totals"><th>{total}</th>{totals}</tr></table>'
        '<div class="actions"><button class="primary" data-action="daily"{daily_value}>{play}</button>'
        '<button class="secondary" data-action="leaderboard" data-value="{game}">{leaderboard}</button>'
        '<button class="secondary" data-action="new-match">{start}</button></div>'
        "</section>"
    ).format(language_menu=language_menu_html(), title=title, replayed=replayed, listed=_(LISTED[listed]),
             deal=_("Deal"), head=head, rows=rows, total=_("Total"), totals=totals, daily_value=daily_value,
             play=_play_daily(), game=match.game, leaderboard=_("Leaderboard"), start=_("Start screen"))


def _play_daily() -> str:
    """The label of the button that opens today's daily game (escaped)."""
    return escape(_("Play today's daily"))


#: What :func:`shared_html` says of the leaderboard, by ``listed`` (English; translated where shown).
LISTED = {True: N_("Added to your leaderboard."), False: N_("Already on your leaderboard."),
          None: N_("It could not be added to your leaderboard (see the notice).")}


def leaderboard_html(game: str, today: str, days: list, name: str, notice: str | None = None,
                     superseded: bool = False) -> str:
    """The daily leaderboard of ``game`` (``#leaderboard``): the two games as tabs, then for each
    ``(date, rows)`` of ``days`` (today first) its ranked results, ``rows`` being
    :func:`tarot_core.leaderboard.ranked`'s ``(place, entry)``; your own result is "You" (with
    ``name``, the one your shares carry), a friend's link without a name "Anonymous player".
    A day without results says how to get some. ``notice`` and ``superseded`` as for
    :func:`notice_html`."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="leaderboard" data-value="{}" aria-pressed="{}">{}</button>').format(
            gid, "true" if gid == game else "false", _(label))
        for gid, label in GAME_TABS)
    sections = []
    for date, rows in days:
        title = _("Today, {date}").format(date=i18n.date(date)) if date == today else i18n.date(date)
        if not rows:
            sections.append(Markup('<h3>{title}</h3><p class="empty">').format(title=title)
                            + escape(_("No result yet: play the daily game, or open a friend's share link."))
                            + Markup("</p>"))
            continue
        sizes = sorted({e.players for __, e in rows})
        tables = []
        for players in sizes:  # ranked() ranks each table size apart: one table each
            body = Markup("").join(
                Markup('<tr class="{kind}"><td>{place}</td><th>{name}</th>'
                       '<td class="score">{score}</td><td class="at-table">{at_table}</td></tr>').format(
                    kind="mine" if e.mine else "friend", place=place, name=_board_name(e, name),
                    score=signed(e.score),
                    at_table=_("{place} of {players}").format(place=ordinal(e.rank), players=e.players))
                for place, e in rows if e.players == players)
            caption = ""
            if len(sizes) > 1:
                caption = (Markup("<caption>") + escape(ngettext("{count} player", "{count} players", players).format(
                    count=players)) + Markup("</caption>"))
            tables.append(Markup('<table class="board" data-players="{players}">{caption}'
                                 "<tr><th>#</th><th>{}</th><th>{}</th><th>{}</th></tr>"
                                 "{body}</table>").format(_("Player"), _("Score"), _("At table"),
                                                          players=players, caption=caption, body=body))
        sections.append(Markup('<h3>{title}</h3>').format(title=title) + Markup("").join(tables))
    daily_value = Markup("" if game == games.DEFAULT else ' data-value="{}"').format(game)
    about = _("Your daily results and those of every friend's share link opened on this device, "
              "each checked by replaying it from the day's deals. Nothing is sent anywhere.")
    return Markup(
        "{notice}{language_menu}"
        '<section class="sheet wide leaderboard" id="leaderboard">'
        '<h1 class="visually-hidden">{heading}</h1>'
        '<div class="tabs" role="group" aria-label="{game}">{tabs}</div>'
        "<h2>{title}</h2>"
        "<p>{about}</p>"
        "{sections}"
        '<div class="actions"><button class="primary" data-action="daily"{daily_value}>{play}</button>'
        '<button class="secondary" data-action="new-match">{start}</button></div>'
        "</section>"
    ).format(notice=notice_html(notice, superseded), language_menu=language_menu_html(),
             heading=_("French Tarot · Hungarian Tarokk"), game=_("Game"), tabs=tabs, title=_("Daily leaderboard"),
             about=about, sections=Markup("").join(sections), daily_value=daily_value, play=_play_daily(),
             start=_("Start screen"))


def _board_name(e, name: str) -> str:
    """Whose result a leaderboard row is: "You" (with ``name``, the one your shares carry), a
    friend's name, or "Anonymous player"."""
    if e.mine:
        return _("You ({name})").format(name=name) if name else _("You")
    return e.name or _("Anonymous player")


def share_text(date: str, score: int, rank: int, players: int, url: str, game: str = "French Tarot") -> str:
    """The short text "Share" copies: the ``game``'s daily of ``date`` (``game``: its name, English
    or in the player's language), your ``score`` and ``rank`` of ``players``, and the ``url`` that
    replays the game."""
    return _("{game} daily {date}: {score}, {place} of {players}. Replay it: {url}").format(
        game=_(game), date=i18n.date(date), score=signed(score), place=ordinal(rank), players=players, url=url)
