"""The drawing pieces both games' tables use, as HTML text: plain Python, no browser in sight.

Each game's table (``tarot_page.games.<game>.render``) draws its own cards, seats and panels and
takes from here what looks the same in every game: the page's state beside your view
(:class:`Screen`, :class:`Choices`, :class:`Hint`), the notice bar, the top bar, a trick on the
table, the hint, your hand's choosing and playing, the finished deal's score sheet, the running
scores, the standings and the share box, the trick review's sheet, the language menu and the
sentences the live region says. Nothing here knows a game: what differs (a card's drawing, the
players' names, an action's words) is passed in. No module of the page's games is imported here.

Seats are numbered in playing order: you are seat :data:`YOU` at the bottom and play passes to
your right, counter-clockwise (FR-2, HU-2).
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page import i18n
from tarot_page.i18n import N_, _, ngettext, pgettext
from tarot_page.markup import Markup, escape

#: Your seat: you sit at seat 0, at the bottom of the table, in every game (FR-2, HU-2).
YOU = 0
#: Where each seat sits, seen from yours (play passes to the right, counter-clockwise).
POSITIONS = {
    3: ("s", "ne", "nw"),
    4: ("s", "e", "n", "w"),
    5: ("s", "e", "ne", "nw", "w"),
}
#: The longest name the share box takes: tarot_core.leaderboard.NAME_MAX (a test checks they
#: agree). Not imported from there: that module brings in the share codes, which the first
#: screen never needs.
SHARE_NAME_MAX = 24


# --- small text helpers ----------------------------------------------------------------------

#: A score with its sign as the sheets show it: ``"+12"``, ``"-4"``, ``"0"`` (:func:`i18n.signed`).
signed = i18n.signed
#: A place in a ranking: ``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``3`` → ``"3rd"``, ``4`` → ``"4th"``
#: … in the player's language (:func:`i18n.ordinal`).
ordinal = i18n.ordinal


def slug(label: str) -> str:
    """``"Taker's card points"`` → ``"takers-card-points"`` (a stable hook for tests: give it the
    English message, never the translated text)."""
    return "-".join("".join(ch for ch in word if ch.isalnum()) for word in label.lower().split())


def names_text(names: list[str] | tuple[str, ...]) -> str:
    """Names joined for a sentence: "Hugo and Léa", "Hugo and Léa and Camille"."""
    text = names[0]
    for name in names[1:]:
        text = _("{first} and {second}").format(first=text, second=name)
    return text


# --- drawing cards ---------------------------------------------------------------------------

def list_html(items) -> Markup:
    """Items (text or :class:`~markup.Markup`) listed as :func:`i18n.list_text` lists them, as
    HTML: each escaped unless it is Markup."""
    return escape(i18n.list_text(["{}"] * len(items))).format(*items)


def back_html(count: int) -> str:
    """A small stack of face-down cards with its count."""
    return Markup('<div class="backs"><div class="card back"></div><span class="count">{count}</span></div>').format(
        count=count)


# --- what the page knows besides your view -----------------------------------------------------

class Choices(NamedTuple):
    """What you are choosing on screen, before telling the engine: the écart cards chosen so
    far, the écart panel's "announce a chelem" box (FR-4.3, applied with the écart), and the
    poignée offer declined with "Don't show" (FR-4.4)."""

    selected: frozenset = frozenset()  # of the game's cards
    announce_chelem: bool = False
    poignee_declined: bool = False


class DealRow(NamedTuple):
    """One deal of the running score sheet: its number (from 1; ``None`` for a deal that pays
    without counting, a failed trial three, HU-3.3), each seat's score for that deal, the
    cumulative totals after it, and its :class:`~tarot_core.french.DealResult` (as your seat's
    view of that finished deal gives it)."""

    number: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    result: object


class Screen(NamedTuple):
    """The page's state that the table shows next to your seat's view.

    Attributes:
        match: the :class:`screens.MatchInfo`.
        choices: what you are choosing (:class:`Choices`).
        notice: a message for you (saves, a link), or ``None``.
        superseded: another tab has taken the game over (this one stops).
        overlay: the sheet open over the table: ``"scores"``, ``"review"``, ``"standings"`` or
            ``None`` (the deal's result sheet then opens by itself once the deal is over).
        review_index: the trick shown by the review (0-based; clamped to the tricks there are).
        ecart_problem: your chosen écart is complete and the engine refuses it: why, worded
            for the player from the engine's error (:func:`rule_text` of
            ``FrenchDeal.ecart_error``); ``None`` otherwise.
        hint: the Hint button's state at your turn (:class:`Hint`), or ``None`` for none.
    """

    match: MatchInfo
    choices: Choices = Choices()
    notice: str | None = None
    superseded: bool = False
    overlay: str | None = None
    review_index: int = 0
    ecart_problem: str | None = None
    hint: "Hint | None" = None


class Hint(NamedTuple):
    """The strong computer player's advice at your turn.

    Attributes:
        state: ``"offer"`` (the Hint button), ``"thinking"`` (asked, not answered yet) or
            ``"ready"``.
        choices: once ready, ``(action, points)`` for each legal action, the suggested one first
            and the others by expected score (``tarot_core.ai.hint``): points are your expected
            score for the deal.
    """

    state: str
    choices: tuple = ()


def notice_html(notice: str | None, superseded: bool = False) -> str:
    """The notice bar (``#notice``), or ``""`` without a notice: an OK button that dismisses it,
    or Reload once another tab has the game."""
    if not notice:
        return ""
    button = (Markup('<button class="primary" data-action="reload">{}</button>').format(_("Reload")) if superseded else
              Markup('<button class="secondary" data-action="dismiss">{}</button>').format(_("OK")))
    return Markup('<div class="notice" id="notice" role="alert"><span>{notice}</span>{button}</div>').format(
        notice=notice, button=button)


def body_flags(v, match_over: bool) -> dict[str, str]:
    """The ``<body>`` data attributes for view ``v`` (the tests and style.css read them):
    ``phase``, ``players``, ``turn`` (``"you"``, ``"computer"`` or ``"none"``) and ``matchOver``
    (``"1"``/``"0"``)."""
    return {
        "phase": v.phase.value,
        "players": str(v.players),
        "turn": "you" if v.turn == YOU else ("none" if v.turn is None else "computer"),
        "matchOver": "1" if match_over else "0",
    }


def topbar_html(m: MatchInfo, deal_done: bool, status: str, chips: list[str]) -> str:
    """The top bar of either game's table: the deal's number (counted once ``deal_done``), the
    daily's date, the ``status`` sentence, the ``chips`` (HTML), Scores and New match."""
    number = min(m.deals_played + (0 if deal_done else 1), m.deals_to_play)
    parts = [_("Deal {number} of {total}").format(number=number, total=m.deals_to_play)]
    if m.mode == "daily":
        parts[:0] = [_("Daily {date}").format(date=i18n.date(m.date))] + ([_("practice")] if m.practice else [])
    # One part a line on a phone, where the separators are hidden.
    label = Markup('<span class="sep"> · </span>').join(
        Markup("<span>{part}</span>").format(part=part) for part in parts)
    game = dict(GAME_TABS).get(m.game, GAME_TABS[0][1])
    return Markup('<header class="topbar">'
                  '<h1 class="visually-hidden">{game}</h1>'  # the page's heading, for screen readers
                  '<span class="deal-no">{label}</span>'
                  # Not a live region itself: redrawn with the table, it would be heard twice or not at all;
                  # the page's one live region (#announcer, Table.speak) says it when your turn comes.
                  '<p id="status" class="status">{status}</p>'
                  '<span class="chips">{chips}</span>'
                  "{language_menu}"
                  '<button class="secondary" data-action="scores">{scores}</button>'
                  '<button class="secondary" data-action="new-match">{new_match}</button>'
                  "</header>").format(
        game=_(game), label=label, status=status, chips=Markup("").join(chips),
        language_menu=language_menu_html(corner=False), scores=_("Scores"), new_match=_("New match"))


def trick_html(players: int, cards, winner: int | None, *, draw, names) -> str:
    """A trick's cards, each at its player's place (``cards``: ``(seat, card)`` pairs), and, once
    it is won, the winner's card marked and a caption naming the winner. ``draw`` draws a card
    (the game's ``card_html``), ``names`` are the players' (the game's ``NAMES``, by table size)."""
    positions = POSITIONS[players]
    slots = [draw(card, classes=f"in-trick pos-{positions[seat]}" + (" winner" if seat == winner else ""))
             for seat, card in cards]
    caption = ""
    if winner is not None:
        said = (_("You win the trick") if winner == YOU
                else _("{name} wins the trick").format(name=names[players][winner]))
        caption = Markup('<div class="trick-caption">{said}</div>').format(said=said)
    return Markup('<div class="trick players-{players}">{slots}</div>{caption}').format(
        players=players, slots=Markup("").join(slots), caption=caption)


def _suggested(v, hint: "Hint | None", aside: int = 0) -> list:
    """The suggested actions of a ready hint: the first; while you choose ``aside`` cards to put
    aside (the écart, a Hungarian discard) the ``aside`` cards that score best."""
    if hint is None or hint.state != "ready" or not hint.choices:
        return []
    if aside:
        return [a for a, _ in hint.choices[:aside]]
    return [hint.choices[0][0]]


def hinted_cards(v, hint: "Hint | None", aside: int) -> frozenset:
    """The cards of your hand that a ready hint suggests (to play, to put aside); ``aside`` as
    for :func:`hint_html`."""
    chosen = _suggested(v, hint, aside)
    return frozenset(a.card for a in chosen if type(a).__name__ in ("Play", "Discard"))


def hint_html(v, hint: "Hint | None", label, aside: int, aside_what: str = N_("Suggested discard: {cards}")) -> str:
    """The hint, in the table's bottom-right corner: the Hint button, "Thinking…", or the suggestion with your
    expected score for the deal and the other choices' (the five best). ``label`` words an
    action (the game's ``action_label``); ``aside`` is how many cards you are choosing to put
    aside (the French écart's, a Hungarian discard's), and ``aside_what`` (English, with
    ``{cards}``) says the suggested cards then."""
    if hint is None:
        return ""
    if hint.state == "offer":
        return Markup('<div class="hint-bar"><button class="secondary hint-button" data-action="hint" '
                      'title="{title}">{hint}</button></div>').format(
            title=_("What the strong computer player would do in your place"), hint=_("Hint"))
    if hint.state == "thinking":
        return Markup('<div class="hint-bar" role="status"><span class="hint-thinking">{}</span></div>').format(
            _("Thinking…"))
    if not hint.choices:
        return Markup('<div class="hint-bar" role="status"><span class="hint-thinking">{}</span></div>').format(
            _("No hint for this choice."))
    best = _suggested(v, hint, aside)
    expected = hint.choices[0][1]
    what = aside_what if aside else N_("Suggested: {cards}")
    names = escape(i18n.list_text([label(a) for a in best]))
    if len(best) > 1:  # a phone's corner has no room for them all: it says where they are marked
        marked = ngettext("the {count} marked card", "the {count} marked cards", len(best)).format(count=len(best))
        names = Markup('<span class="hint-names">{names}</span><span class="hint-marked">{marked}</span>').format(
            names=names, marked=marked)
    others = Markup("").join(Markup("<li><span>{}</span> <b>{}</b></li>").format(label(a), signed(round(p)))
                             for a, p in hint.choices[len(best):len(best) + 5])
    rest = (Markup('<ul class="hint-list" aria-label="{}">{}</ul>').format(_("Other choices"), others)
            if others else "")
    # The words between {hide_start} and {hide_end} are hidden on a phone.
    score = escape(_("expected {points}{hide_start} for you this deal{hide_end}")).format(
        points=signed(round(expected)), hide_start=Markup('<span class="hint-deal">'), hide_end=Markup("</span>"))
    return Markup('<div class="hint-bar ready" role="status"><div class="hint-box">'
                  '<strong>{what}</strong> <span class="hint-score">{score}</span>{rest}</div></div>').format(
        what=escape(_(what)).format(cards=names), score=score, rest=rest)


def chooser_cards(hand, draw, selected, may_go, full: bool, tagged, tag: str, hinted=frozenset()) -> list[str]:
    """Your hand while you choose cards to put aside (the écart, a Hungarian discard), drawn by
    ``draw``: the ``selected`` ones raised, the others of ``may_go`` clickable while not ``full``,
    the rest disabled; the cards of ``tagged`` get the class ``tag`` (from the chien, the talon)."""
    parts = []
    for c in hand:
        extra = (f" {tag}" if c in tagged else "") + (" hinted" if c in hinted else "")
        if c in selected:
            parts.append(draw(c, tag="button", classes="selected" + extra, attrs=Markup('data-action="select"')))
        elif c in may_go and not full:
            parts.append(draw(c, tag="button", classes="playable" + extra, attrs=Markup('data-action="select"')))
        else:
            parts.append(draw(c, tag="button", classes="disabled" + extra, attrs=Markup("disabled")))
    return parts


def play_cards(hand, draw, playable, hinted=frozenset()) -> list[str]:
    """Your hand at your turn to play, drawn by ``draw``: the cards of ``playable`` clickable (the
    one a hint suggests, of ``hinted``, marked), the others disabled."""
    return [draw(c, tag="button", classes="playable hinted" if c in hinted else "playable",
                 attrs=Markup('data-action="play"')) if c in playable
            else draw(c, tag="button", classes="disabled", attrs=Markup("disabled")) for c in hand]


# --- sheets over the table ---------------------------------------------------------------------

def _next_button(match: MatchInfo) -> str:
    """The sheet's way on: Final standings once the match is over, else Next deal."""
    return (Markup('<button class="primary" data-action="standings">{}</button>').format(_("Final standings"))
            if match.is_over else
            Markup('<button class="primary" data-action="next-deal">{}</button>').format(_("Next deal")))


def deal_sheet_html(verdict: str, mood: str, title: str, table: Markup, scores: Markup, next_button: Markup,
                    whole: str) -> Markup:
    """A finished deal's score sheet (``#score-sheet``, both games): ``title`` in an ``<h2>`` of
    classes ``verdict`` (made/lost) and ``mood`` (good/bad, from your side), the ``table``
    breakdown rows, the ``scores`` rows under "This deal" and ``whole`` (the match column's
    heading), then ``next_button`` and Review tricks, Scores, Download deal."""
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{label}">'
                  '<h2 class="{verdict} {mood}">{title}</h2>'
                  '<table class="breakdown">{table}</table>'
                  '<table class="scores"><tr><td></td><th>{this_deal}</th><th>{whole}</th></tr>{scores}</table>'
                  '<div class="actions">{next_button}'
                  '<button class="secondary" data-action="review">{review}</button>'
                  '<button class="secondary" data-action="scores">{sheet}</button>'
                  '<button class="secondary" data-action="download" data-value="deal">{download}</button>'
                  "</div></div></div>").format(
        label=_("Score sheet"), verdict=verdict, mood=mood, title=title, table=table, this_deal=_("This deal"),
        whole=whole, scores=scores, next_button=next_button, review=_("Review tricks"), sheet=_("Scores"),
        download=_("Download deal"))


def role_html(role: str | None) -> str:
    """A seat's role after its name on a score sheet, in the page's language: " (taker)";
    ``role`` an untranslated badge text (``N_("Taker")``, ``"Declarer"``, ``"Sits out"``) or
    ``None`` for nothing. (It was drawn by style.css, in English in every language.)"""
    if role is None:
        return ""
    return Markup(' <span class="role">({})</span>').format(i18n.lower_first(_(role)))


def _row_key(number: int | None, k: int) -> Markup:
    """A score sheet row's attributes: ``data-deal`` its number, or for a deal that pays without
    counting (HU-3.3) ``class="annulled" data-annulled`` the row's index."""
    if number is not None:
        return Markup('data-deal="{}"').format(number)
    return Markup('class="annulled" data-annulled="{}"').format(k)


def scores_html(match: MatchInfo, summary=None) -> str:
    """The running score sheet (``#match-scores``): every counted deal (who took what, made or
    lost; each seat's score and running total) and the totals (FR-8). A row's deal in a few words
    is ``match.summaries``' or else ``summary(names, result)`` (the French table's)."""
    names = match.names
    head = Markup("").join(Markup("<th>{n}</th>").format(n=n) for n in names)
    rows = []
    for k, (number, scores, totals, r) in enumerate(match.rows):
        if match.summaries:
            what = match.summaries[k]
        else:
            what = summary(names, r)
        cells = Markup("").join(Markup('<td>{}<small>{}</small></td>').format(signed(s), signed(t))
                                for s, t in zip(scores, totals))
        rows.append(Markup('<tr {key}><th>{number}<small>{what}</small></th>{cells}</tr>').format(
            key=_row_key(number, k), number="–" if number is None else number, what=what, cells=cells))
    if not rows:
        rows.append(Markup('<tr><td colspan="{}">{}</td></tr>').format(
            match.players + 1, _("No deal finished yet.")))
    total = Markup("").join(Markup("<td><strong>{}</strong></td>").format(signed(t)) for t in match.totals)
    title = ngettext("Scores after {played} of {count} deal", "Scores after {played} of {count} deals",
                     match.deals_to_play).format(played=match.deals_played, count=match.deals_to_play)
    return Markup('<div class="overlay">'
                  '<div class="sheet wide" id="match-scores" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2>"
                  '<table class="running"><tr><th>{deal}</th>{head}</tr>{rows}'
                  '<tr class="totals"><th>{total_label}</th>{total}</tr></table>'
                  '<div class="actions"><button class="primary" data-action="close">{back}</button>'
                  '<button class="secondary" data-action="download" data-value="match">{download}</button></div>'
                  "</div></div>").format(
        label=_("Match scores"), title=title, deal=_("Deal"), head=head, rows=Markup("").join(rows),
        total_label=_("Total"), total=total, back=_("Back to the table"), download=_("Download match"))


def standings_html(match: MatchInfo) -> str:
    """The final standings (``#standings``): places (ties share one), the winner(s) in the title,
    for a daily game whether it was official and the Share button."""
    names = match.names
    totals = match.totals

    def row(seat: int, total: int) -> str:
        place = 1 + sum(t > total for t in totals)
        return Markup('<tr data-seat="{seat}"><th>{who}</th><td class="score">{score}</td></tr>').format(
            seat=seat, who=pgettext("standings", "{place}. {name}").format(place=place, name=names[seat]),
            score=signed(total))

    rows = Markup("").join(row(seat, total) for seat, total in match.standings)
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    others = [names[seat] for seat in winners if seat != YOU]
    if winners == [YOU]:
        title = _("You win the match!")
    elif len(winners) == 1:
        title = _("{name} wins the match").format(name=names[winners[0]])
    elif YOU in winners:
        title = _("You share first place with {names}").format(names=names_text(others))
    else:
        title = _("{names} share first place").format(names=names_text(others))
    after = ngettext("Final standings after {count} deal.", "Final standings after {count} deals.",
                     match.deals_to_play).format(count=match.deals_to_play)
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="standings" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2><p>{after}</p>"
                  '<table class="scores">{rows}</table>'
                  "{share}"
                  '<div class="actions"><button class="primary" data-action="new-match">{new_match}</button>'
                  '<button class="secondary" data-action="scores">{sheet}</button>'
                  '<button class="secondary" data-action="download" data-value="match">{download}</button></div>'
                  "</div></div>").format(
        label=_("Final standings"), title=title, after=after, rows=rows, share=share_html(match),
        new_match=_("New match"), sheet=_("Score sheet"), download=_("Download match"))


def share_html(match: MatchInfo) -> str:
    """For a daily game: whether it was the official attempt, the name to share it under (the
    one kept, :attr:`MatchInfo.sharer`), the Share button and the Leaderboard; else ``""``."""
    if match.mode != "daily":
        return ""
    kind = (_("Practice: today's official result was recorded earlier.") if match.practice
            else _("This is your official result for today."))
    name = _("Your name on friends' leaderboards")
    return Markup('<p class="daily-kind">{kind}</p>'
                  '<div class="share"><label class="share-name">{name} '
                  '<input id="share-name" type="text" maxlength="{SHARE_NAME_MAX}" autocomplete="nickname" '
                  'placeholder="{anonymous}" value="{sharer}"></label>'
                  '<button class="primary" data-action="share">{share}</button>'
                  '<button class="secondary" data-action="leaderboard" data-value="{game}">{leaderboard}</button>'
                  '<span id="share-status" role="status"></span>'
                  '<textarea id="share-text" readonly hidden rows="3" aria-label="{text_label}"></textarea>'
                  "</div>").format(
        kind=kind, name=name, SHARE_NAME_MAX=SHARE_NAME_MAX, anonymous=_("anonymous"), sharer=match.sharer,
        share=_("Share"), game=match.game, leaderboard=_("Leaderboard"), text_label=_("Text to share"))


def review_index(v, index: int) -> int:
    """``index`` clamped to the completed tricks of view ``v`` (0 when there are none)."""
    return max(0, min(index, len(v.tricks) - 1))


def review_sheet(k: int, count: int, order: str, body: str) -> str:
    """The trick review's sheet (``#review``) of either game: trick ``k`` (0-based) of ``count``,
    ``order`` (the ``<li>`` of who played what), ``body`` (the trick drawn, and notes), and
    Previous / Next / Close."""
    prev_dis = Markup(" disabled" if k == 0 else "")
    next_dis = Markup(" disabled" if k == count - 1 else "")
    title = _("Trick {number} of {count}").format(number=k + 1, count=count)
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="review" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2>"
                  '<ol class="trick-order" aria-label="{order_label}">{order}</ol>'
                  "{body}"
                  '<div class="actions">'
                  '<button class="secondary" data-action="review-step" data-value="-1"{prev_dis}>{previous}</button>'
                  '<button class="secondary" data-action="review-step" data-value="1"{next_dis}>{next}</button>'
                  '<button class="primary" data-action="close">{close}</button></div>'
                  "</div></div>").format(
        label=_("Review the tricks"), title=title, order_label=_("Played in this order"), order=order, body=body,
        prev_dis=prev_dis, previous=_("Previous"), next_dis=next_dis, next=_("Next"), close=_("Close"))


#: The start screen's games: id, name on the tab (English; translated where shown).
GAME_TABS = (("french", N_("French Tarot")), ("hungarian", N_("Hungarian Tarokk")))


def language_menu_html(corner: bool = True) -> str:
    """The language menu (every screen has one): a disclosure naming the language in use, opening
    on the seven languages, each written in itself (``data-action="language"``,
    ``data-value`` its code, :data:`i18n.LANGUAGES`), the one in use pressed. ``corner``: placed
    in the screen's top corner (the start screen, the history, the leaderboard, a shared result);
    otherwise in the table's top bar."""
    current = i18n.current()
    options = Markup("").join(
        Markup('<button type="button" data-action="language" data-value="{code}" lang="{code}" '
               'aria-pressed="{pressed}">{name}</button>').format(
            code=code, pressed="true" if code == current else "false", name=name)
        for code, name in i18n.LANGUAGES.items())
    label = _("Language")
    spoken = _("Language: {language}").format(language=i18n.LANGUAGES[current])
    return Markup('<details class="lang-menu{corner}">'
                  '<summary title="{label}"><span class="visually-hidden">{spoken}</span>'
                  '<span class="lang-code" aria-hidden="true">{code}</span></summary>'
                  '<div class="lang-list" role="group" aria-label="{label}">{options}</div></details>').format(
        corner=" corner" if corner else "", label=label, spoken=spoken, code=current.upper(), options=options)


# --- what a screen reader hears (the live region, issue 18) ------------------------------------

def trick_won_text(winner: int, names) -> str:
    """Who won a trick, in a sentence: "You win the trick", "Hugo wins the trick"."""
    return _("You win the trick") if winner == YOU else _("{name} wins the trick").format(name=names[winner])


def play_text(seat: int, card_words: str, names) -> str:
    """A card played, in a sentence: "You play King of hearts", "Hugo plays the Excuse"."""
    if seat == YOU:
        return _("You play {card}").format(card=card_words)
    return _("{name} plays {card}").format(name=names[seat], card=card_words)


def said_text(seat: int, words: str, names) -> str:
    """Something a seat said (a bid, an announcement), in a sentence: "Hugo: Garde"."""
    return _("{name}: {said}").format(name=names[seat], said=words)


def plays_and_tricks(v, start: int, play_type, word, names) -> list[tuple[int, str]]:
    """For the :class:`Play` actions of ``v.history[start:]``: ``(index, sentence)`` of each card
    played (its name by ``word``) and, after the play that completes one of ``v.tricks``, who won
    it; the index is the action's place in the history (both games' tricks, by their cards)."""
    ends, total = {}, 0
    for t in v.tricks:  # the number of plays after which each finished trick is complete
        total += len(t.cards)
        ends[total] = t.winner
    out, played = [], 0
    for i, a in enumerate(v.history):
        if not isinstance(a, play_type):
            continue
        played += 1
        if i >= start:
            out.append((i, play_text(a.seat, word(a.card), names)))
            if played in ends:
                out.append((i, trick_won_text(ends[played], names)))
    return out


# --- the start screen's pieces (tarot_page.screens.start_html, each game's part) --------------------

#: The computer players' levels (tarot_core.ai.LEVELS) as the start screen offers them (English;
#: translated where shown).
LEVEL_NAMES = (("easy", N_("Easy"), N_("quick rules of thumb: legal and not silly")),
               ("normal", N_("Normal"), N_("plays out a few possible deals before each choice")),
               ("strong", N_("Strong"), N_("plays out many more possible deals before each choice")))


def level_html(level: str) -> str:
    """The computer players' level choice (``data-action="level"``), ``level`` pressed, with a
    line saying how that level plays."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="level" data-value="{lid}" aria-pressed="{pressed}"'
               ' title="{note}">{name}</button>').format(
            lid=lid, pressed="true" if lid == level else "false", note=_(note), name=_(name))
        for lid, name, note in LEVEL_NAMES)
    note = next(n for lid, __, n in LEVEL_NAMES if lid == level)
    return Markup('<div class="rules-choice level-choice" role="group" aria-label="{label}">'
                  '<span class="label">{title}</span>{tabs}<small>{note}</small></div>').format(
        label=_("Computer players"), title=_("Computer players:"), tabs=tabs, note=_(note))


def game_tabs_html(game: str) -> str:
    """The two games as tabs (``data-action="game"``), the one shown pressed."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="game" data-value="{gid}" aria-pressed="{pressed}">{name}</button>')
        .format(gid=gid, pressed="true" if gid == game else "false", name=_(name)) for gid, name in GAME_TABS)
    return Markup('<div class="game-tabs" role="group" aria-label="{}">{}</div>').format(_("Game"), tabs)


def played_text(official: dict) -> str:
    """The daily game's button once today's is played: its score and place, and what a new try is."""
    return Markup("<strong>{played}</strong><span>{today} · {again}</span>").format(
        played=_("Daily game: played"),
        today=_("Today {score}, {place} of {players}").format(
            score=signed(official["score"]), place=ordinal(official["rank"]), players=official["players"]),
        again=_("play again as practice"))


def table_size_html(n: int, opponents: str, deals: int, value: str) -> str:
    """A new game's button: ``n`` players, the ``opponents`` line's start, ``deals`` deals."""
    players = ngettext("{count} player", "{count} players", n).format(count=n)
    deals_text = ngettext("{count} deal", "{count} deals", deals).format(count=deals)
    return Markup('<button class="choice" data-action="new-match" data-value="{value}">'
                  "<strong>{players}</strong><span>{opponents} · {deals_text}</span></button>").format(
        value=value, players=players, opponents=opponents, deals_text=deals_text)


def opponents_text(n: int) -> str:
    """``n`` computer opponents, in words (escaped)."""
    return escape(ngettext("{count} computer opponent", "{count} computer opponents", n).format(count=n))


def sheet_button() -> str:
    """The start screen's way to the score sheet for table play (``data-action="sheet"``)."""
    return Markup('<button class="secondary" data-action="sheet" data-value="open">{}</button>').format(
        _("Score sheet for real cards"))


def resume_html(resume: Resumable | None) -> str:
    """The start screen's offer to continue the game in progress (``""`` for none)."""
    if resume is None:
        return ""
    deal = _("deal {number} of {total}").format(number=resume.deal, total=resume.deals_to_play)
    return Markup('<button class="choice resume" data-action="resume"><strong>{title}</strong>'
                  "<span>{kind} · {deal} · {replaces}</span></button>").format(
        title=_("Continue your game"), kind=resume.kind, deal=deal, replaces=_('a new game below replaces it'))
