"""The computer players' level on the page (issue 17), in CPython through a fake page: the start
screen's choice, remembered; a searching level's turns asked of the worker (``page.think``, which
runs web/tarot_page/thinking.py here as the worker does); the Hint button; thinking.py's answers."""

from __future__ import annotations

import json

from web_helpers import YOU, FakePage

from tarot_page import table  # noqa: E402  (web/)
from tarot_page import thinking  # noqa: E402  (web/)
from tarot_core import ai
from tarot_core.french import Phase
from tarot_core.match import Match
from tarot_core.records import deal_record


def _click(page: FakePage, node) -> None:
    page.handlers[0]({name: node.attrs.get(f"data-{name}") for name in ("action", "value", "card")}, 1)
    page.run_tasks()


def _open(query: str = "", **kwargs) -> tuple[table.Table, FakePage]:
    page = FakePage(query, **kwargs)
    t = table.Table(page)
    t.open()
    page.run_tasks()
    return t, page


def _pressed(page: FakePage) -> list[str]:
    return [b.attrs["data-value"] for b in page.tree.find_all("button", data_action="level")
            if b.attrs.get("aria-pressed") == "true"]


def test_the_start_screen_offers_three_levels_normal_first_and_remembers_the_choice():
    t, page = _open()
    levels = page.tree.find_all("button", data_action="level")
    assert [b.attrs["data-value"] for b in levels] == ["easy", "normal", "strong"]
    assert [b.text for b in levels] == ["Easy", "Normal", "Strong"]
    assert _pressed(page) == ["normal"]
    _click(page, page.tree.find("button", data_action="level", data_value="strong"))
    assert _pressed(page) == ["strong"]
    assert json.loads(page.store.data[table.PREFS_KEY])["level"] == "strong"
    assert "many more possible deals" in page.tree.find(cls="level-choice").text
    _click(page, page.tree.find("button", data_action="new-match", data_value="4"))
    assert t.match.player == "v3-strong"
    # a new visit remembers it
    t2, page2 = _open(data=dict(page.store.data))
    assert t2.match.player == "v3-strong"  # the game in progress comes back at its level
    _click(page2, page2.tree.find("button", data_action="new-match"))  # to the start screen
    assert _pressed(page2) == ["strong"]


def test_a_level_in_the_address_and_the_hungarian_start_screen():
    t, page = _open("?level=easy&players=4&seed=3")
    assert t.match.player == "v1"
    t, page = _open("?game=hungarian&level=strong")
    assert _pressed(page) == ["strong"]
    _click(page, page.tree.find("button", data_action="new-match", data_value="hungarian-4"))
    assert t.match.player == "v4-strong"
    t, page = _open("?game=hungarian&level=nonsense")  # an unknown level: the default
    assert _pressed(page) == ["normal"]


def _remembered(page: FakePage) -> dict:
    return json.loads(page.store.data[table.PREFS_KEY])


def test_a_level_in_a_link_is_for_that_visit_only():
    """A link's ``?level=`` sets the level of this visit's matches, but what is saved of the
    start screen's choices keeps the level last picked there; picking one there remembers it."""
    strong = {table.PREFS_KEY: json.dumps({"game": "french", "profile": "pagat", "level": "strong"})}
    # a match started by a link; then, on the start screen, another game: saved, with the
    # remembered level
    t, page = _open("?level=easy&players=4&seed=3", data=dict(strong))
    assert t.match.player == "v1"  # the link's level plays
    _click(page, page.tree.find("button", data_action="new-match"))  # to the start screen
    assert _pressed(page) == ["easy"]  # the link's level shows for this visit
    _click(page, page.tree.find("button", data_action="game", data_value="hungarian"))
    assert _remembered(page) == {"game": "hungarian", "profile": "pagat", "level": "strong"}
    _click(page, page.tree.find("button", data_action="new-match", data_value="hungarian-4"))
    assert t.match.player == "v1" and _remembered(page)["level"] == "strong"
    # another choice saved on the start screen of such a visit keeps the remembered level too
    t, page = _open("?level=easy", data=dict(strong))
    assert _pressed(page) == ["easy"]  # the link's level shows for this visit
    _click(page, page.tree.find("button", data_action="game", data_value="hungarian"))
    _click(page, page.tree.find("button", data_action="profile", data_value="tournament"))
    assert _remembered(page) == {"game": "hungarian", "profile": "tournament", "level": "strong"}
    assert _pressed(page) == ["easy"]
    # nothing remembered yet: the link's level is not either (the default stays)
    t, page = _open("?level=strong")
    _click(page, page.tree.find("button", data_action="game", data_value="hungarian"))
    assert _remembered(page)["level"] == "normal"
    # the next visit without the link: the remembered level
    t, page = _open("", data=dict(page.store.data))
    assert _pressed(page) == ["normal"]
    # a level picked on the start screen of a link's visit is remembered
    t, page = _open("?level=easy", data=dict(strong))
    _click(page, page.tree.find("button", data_action="level", data_value="normal"))
    assert _pressed(page) == ["normal"] and _remembered(page)["level"] == "normal"
    _click(page, page.tree.find("button", data_action="game", data_value="hungarian"))
    assert _remembered(page) == {"game": "hungarian", "profile": "pagat", "level": "normal"}
    t, page = _open("", data=dict(page.store.data))
    assert _pressed(page) == ["normal"]


def test_a_searching_level_thinks_in_the_worker_and_plays_its_own_choices():
    """Every computer turn of a v3-normal match is a request to ``page.think`` carrying the
    deal's record, and the page plays exactly what tarot_core's v3-normal chooses there."""
    t, page = _open("?players=4&seed=11&level=normal")
    assert t.match.player == "v3-normal"
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    mirror = Match(4, "11", first_dealer=3, player="v3-normal")
    asked = list(getattr(page, "asked", []))
    assert len(asked) >= 3, "the three computers' bids were asked of the worker"
    for request in asked:
        assert request["version"] == "v3-normal" and request["seed"] == mirror.current_seed
        assert "error" not in thinking.think(request)  # its record replays to its step
    # replay the page's deal on the mirror: the computers' actions are v3-normal's
    game = mirror.current
    for action in t.game.history:
        if game.turn != YOU:
            assert action == ai.choose_action(game.view(game.turn), mirror.current_seed, game.ply, version="v3-normal")
        game.apply(action)


def test_easy_asks_no_worker():
    t, page = _open("?players=4&seed=11&level=easy")
    assert t.game.ply > 0 or t.game.turn == YOU
    assert not getattr(page, "asked", [])


def test_the_hint_button_shows_the_strong_players_suggestion_and_marks_the_card():
    t, page = _open("?players=4&seed=5&level=easy")
    # play on to your first card
    while t.game.phase is not Phase.PLAY or t.game.turn != YOU:
        tree = page.tree
        bid = tree.find_all("button", data_action="bid")
        if bid:
            _click(page, [b for b in bid if b.attrs["data-value"] == "pass"][0])
            continue
        raise AssertionError(f"stuck at {t.game.phase}")
    button = page.tree.find("button", data_action="hint")
    assert button.text == "Hint"
    _click(page, button)
    bar = page.tree.find(cls="hint-bar")
    assert "Suggested:" in bar.text and "expected" in bar.text
    view = t.game.view(YOU)
    best, points = ai.hint(view, t.match.current_seed, t.game.ply, level="strong")[0]
    hinted = page.tree.find_all("button", cls="hinted")
    assert [b.attrs["data-card"] for b in hinted] == [str(best.card)]
    assert f"{points:+.0f}".replace("-", "−") in bar.text or f"{round(points):+d}" in bar.text
    assert page.asked[-1]["hint"] is True and page.asked[-1]["seat"] == YOU
    # playing a card ends the hint: the next turn offers the button again
    _click(page, hinted[0])
    if t.game.turn == YOU:
        assert page.tree.find("button", data_action="hint").text == "Hint"


def test_no_hint_when_it_is_not_your_turn_or_only_one_choice():
    t, page = _open("?players=4&seed=5&level=easy")
    assert t.game.turn == YOU
    t.on_click({"action": "hint", "value": None, "card": None})
    page.run_tasks()
    assert t.hint is not None
    t.hint = None
    t.game.apply(ai.choose_action(t.game.view(YOU), 0, t.game.ply))
    t.on_click({"action": "hint", "value": None, "card": None})  # not your turn: nothing
    assert t.hint is None


def test_thinking_answers_as_the_page_would_and_refuses_bad_requests():
    match = Match(4, "7", first_dealer=3)
    game = match.current
    record = deal_record(game)
    request = {"id": 3, "record": record, "seat": game.turn, "seed": "7", "step": 0, "version": "v2-strong"}
    answer = json.loads(thinking.answer(json.dumps(request)))
    assert answer["id"] == 3
    assert game.action_of(answer["move"]) == ai.choose_action(game.view(game.turn), "7", 0, level="strong")
    hint = json.loads(thinking.answer(json.dumps(dict(request, hint=True, level="normal"))))["hint"]
    assert [game.action_of(m) for m, _ in hint] == [a for a, _ in ai.hint(game.view(game.turn), "7", 0,
                                                                            level="normal")]
    assert "not 5" in json.loads(thinking.answer(json.dumps(dict(request, step=5))))["error"]
    assert "error" in json.loads(thinking.answer("{not json"))
    assert "error" in json.loads(thinking.answer("[1, 2]"))
    assert "unknown computer player" in json.loads(thinking.answer(json.dumps(dict(request, version="v9"))))["error"]


def test_a_deeply_nested_request_never_reaches_json_loads(monkeypatch):
    """Issue 31: a worker message of 200,000 nested brackets would kill the worker's Pyodide in
    json.loads; thinking.answer measures it first (tarot_core.jsonsafe) and answers an error."""
    real = json.loads

    def fatal(text, *args, **kwargs):
        assert "[" * 1000 not in text, "json.loads was given text nested 1,000 levels deep"
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", fatal)
    answer = real(thinking.answer("[" * 200_000 + "]" * 200_000))
    assert answer == {"id": None, "error": "not JSON: the data is nested too deeply (more than 64 levels)"}


def test_a_wrong_answer_from_the_worker_is_not_played():
    """A worker answering a move the engine refuses (or an error) costs nothing: the page plays
    the same player's choice itself."""
    page = FakePage("?players=4&seed=11&level=normal")

    async def broken(request):
        game = t.game
        if request["seat"] == 1:
            return {"id": request.get("id"), "move": 9999}  # no move at all
        if request["seat"] == 2:  # a well-formed bid the engine refuses: below the bid to beat
            return {"id": request.get("id"), "move": game.move_of(game.legal_actions()[0]) + 99}
        if request["seat"] == 3:  # a card: a play in the bidding
            return {"id": request.get("id"), "move": 5}
        return {"error": "no"}

    page.think = broken
    t = table.Table(page)
    t.open()
    page.run_tasks()
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    mirror = Match(4, "11", first_dealer=3, player="v3-normal")
    game = mirror.current
    for action in t.game.history:
        if game.turn != YOU:
            assert action == ai.choose_action(game.view(game.turn), mirror.current_seed, game.ply,
                                              version="v3-normal")
        game.apply(action)
    assert len(t.game.history) >= 4


def test_the_hint_at_the_hungarian_table_in_the_searched_phases_only():
    """Hungarian v4 only checks v1's bids, announcements and kontras (it may withdraw them): no
    Hint there (its suggestion would not always be the best-valued choice it shows); in the
    play, the strong player's card."""
    from tarot_page.games.hungarian import render as render_hu

    t, page = _open("?game=hungarian&players=4&seed=8&level=easy")
    assert t.game.turn == YOU and t.game.phase.value == "bidding" and len(t.game.legal_actions()) > 1
    assert page.tree.find_all("button", data_action="hint") == []
    for seed in range(1, 40):  # a deal played (v1 for you) on to a card of yours with a choice
        t, page = _open(f"?game=hungarian&players=4&seed={seed}&level=easy")
        while t.game.turn == YOU and (t.game.phase.value != "play" or len(t.game.legal_actions()) < 2):
            t.perform(ai.choose_action(t.game.view(YOU), 0, t.game.ply))
            t.schedule()
            page.run_tasks()
        if t.game.turn == YOU:
            break
    _click(page, page.tree.find("button", data_action="hint"))
    bar = page.tree.find(cls="hint-bar")
    view = t.game.view(YOU)
    best, _ = ai.hint(view, t.match.current_seed, t.game.ply, level="strong")[0]
    assert f"Suggested: {render_hu.action_label(best)}" in bar.text
    assert [b.attrs["data-card"] for b in page.tree.find_all("button", cls="hinted")] == [str(best.card)]
    assert page.asked[-1]["level"] == "strong" and page.asked[-1]["hint"] is True


def test_the_daily_game_keeps_its_own_computer_players_whatever_the_level():
    for game in ("french", "hungarian"):
        t, page = _open(f"?level=strong&game={game}")
        daily = page.tree.find("button", data_action="daily")
        _click(page, daily)
        assert t.mode == "daily" and t.match.player == "v1"  # daily_player of the date
        assert t.game.turn != YOU or page.tree.find_all("button", data_action="hint") == []  # no hint


# --- answers that arrive late ------------------------------------------------------------------

class _Late:
    """An answer of the worker that has not arrived yet: awaiting it parks the task."""

    def __init__(self) -> None:
        self.answer = None

    def __await__(self):
        while self.answer is None:
            yield self
        return self.answer


class SlowPage(FakePage):
    """A page whose worker answers only when the test says so (:meth:`release`). Told that
    questions are no longer needed (``cancel``), it answers those at once
    ``{"id": ..., "cancelled": True}``, as the worker does for questions it has not started on;
    with ``cancels=False`` it only records them (the worker was already searching: their answers
    come late, at :meth:`release`). :attr:`searched` lists the ids it searched."""

    def __init__(self, *args, cancels: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cancels = cancels
        self.late: list = []
        self.parked: list = []  # (task, the _Late it waits on)
        self.cancelled: list = []
        self.searched: list = []

    def think(self, request):
        late = _Late()
        self.late.append((late, request))
        return late

    def cancel(self, ids) -> None:
        self.cancelled += list(ids)
        if self.cancels:
            for late, request in [(late, r) for late, r in self.late if r["id"] in ids]:
                late.answer = {"id": request["id"], "cancelled": True}
                self.late.remove((late, request))

    def run_tasks(self) -> None:
        """Run the tasks until each is done or waits on an answer that has not come."""
        while True:
            self.tasks += [task for task, late in self.parked if late.answer is not None]
            self.parked = [(task, late) for task, late in self.parked if late.answer is None]
            if not self.tasks:
                return
            task = self.tasks.pop(0)
            try:
                late = task.send(None)
            except StopIteration:
                continue
            self.parked.append((task, late))

    def release(self) -> None:
        """Every question so far gets the answer the worker would give; parked tasks go on."""
        for late, request in self.late:
            late.answer = thinking.think(request)
            self.searched.append(request["id"])
        self.late = []
        self.run_tasks()

    def waiting(self) -> list[dict]:
        """The questions not answered yet."""
        return [request for _, request in self.late]


def test_a_hint_that_arrives_after_you_played_is_dropped():
    page = SlowPage("?players=4&seed=5&level=easy", cancels=False)  # the worker was searching it
    t = table.Table(page)
    t.open()
    page.run_tasks()
    _click(page, page.tree.find("button", data_action="hint"))
    assert "Thinking…" in page.tree.find(cls="hint-bar").text
    hint = page.waiting()[0]["id"]
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))  # you act first
    assert page.cancelled == [hint]
    page.release()
    assert "Suggested" not in page.html
    assert t.hint[2] is None  # the late answer was not taken for a later turn


def test_a_computers_answer_that_arrives_after_a_new_match_changes_nothing():
    page = SlowPage("?players=4&seed=5&level=normal", cancels=False)
    t = table.Table(page)
    t.open()
    page.run_tasks()
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    assert len(page.late) == 1 and t.game.ply == 1  # the next seat thinks in the worker
    old = t.game
    _click(page, page.tree.find("button", data_action="new-match"))  # leave for the start screen
    _click(page, page.tree.find("button", data_action="new-match", data_value="4"))
    assert t.game is not old and t.game.ply == 0
    page.release()
    assert t.game.ply == 0 and old.ply == 1  # the late move went to neither deal


# --- questions no longer needed are cancelled ----------------------------------------------------

def test_a_hint_asked_before_you_play_is_cancelled_and_the_computers_go_on():
    """You ask a hint and play before it comes: the hint's question is cancelled, never searched,
    never shown; the computers' questions after your play are asked, answered and played."""
    page = SlowPage("?players=4&seed=5&level=normal")
    t = table.Table(page)
    t.open()
    page.run_tasks()
    assert t.game.turn == YOU and page.waiting() == []
    _click(page, page.tree.find("button", data_action="hint"))
    [hint] = page.waiting()
    assert hint["hint"] is True and hint["step"] == 0 and t.computers.waiting == {hint["id"]: (t.generation, 0)}
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    assert page.cancelled == [hint["id"]]
    [computer] = page.waiting()  # the next seat's bid, asked after your play: needed
    assert computer["seat"] == 1 and computer["step"] == 1 and "hint" not in computer
    assert t.hint[2] is None and "Suggested" not in page.html and "Thinking" not in page.html
    while page.late:  # the worker answers the computers' bids, one at a time
        page.release()
    assert t.game.turn == YOU and t.game.phase is Phase.PLAY  # a computer took; your first card
    played = t.game.ply
    assert page.cancelled == [hint["id"]]  # an answered question is never cancelled
    assert hint["id"] not in page.searched and len(page.searched) == t.game.ply - 1  # each computer's
    assert t.computers.waiting == {}
    # a hint that came in time: playing on cancels nothing
    _click(page, page.tree.find("button", data_action="hint"))
    page.release()
    assert "Suggested" in page.html and t.game.phase is Phase.PLAY
    _click(page, page.tree.find("button", cls="hinted"))  # you play the suggested card
    assert t.game.ply > played and page.cancelled == [hint["id"]]


def test_a_computers_question_is_cancelled_when_the_table_moves_on():
    """A computer's question is cancelled once nobody needs it: the match left for the start
    screen, another tab taking the game over. Its cancelled answer plays nothing and is not
    worked out on the page instead."""
    page = SlowPage("?players=4&seed=5&level=normal")
    t = table.Table(page)
    t.open()
    page.run_tasks()
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    [first] = page.waiting()
    old = t.game
    _click(page, page.tree.find("button", data_action="new-match"))  # leave for the start screen
    assert page.cancelled == [first["id"]] and page.waiting() == [] and t.computers.waiting == {}
    assert old.ply == 1 and page.tasks == [] and page.parked == []  # the computers' task ended
    _click(page, page.tree.find("button", data_action="new-match", data_value="4"))
    assert t.game.ply == 0 and page.cancelled == [first["id"]]
    _click(page, page.tree.find("button", data_action="bid", data_value="pass"))
    [second] = page.waiting()
    assert second["id"] > first["id"] and second["step"] == 1
    page.handlers[2](table.SAVE_KEY, json.dumps({"tab": "another tab"}))  # another tab saved
    assert t.superseded and page.cancelled == [first["id"], second["id"]]
    assert t.game.ply == 1 and page.searched == []
    assert old.ply == 1


def test_the_hint_is_cancelled_by_a_new_deal_or_match_too():
    """A hint still thinking when you leave the table (New match) is cancelled with it."""
    page = SlowPage("?players=4&seed=5&level=easy")
    t = table.Table(page)
    t.open()
    page.run_tasks()
    _click(page, page.tree.find("button", data_action="hint"))
    [hint] = page.waiting()
    _click(page, page.tree.find("button", data_action="new-match"))
    assert page.cancelled == [hint["id"]] and t.computers.waiting == {}
    _click(page, page.tree.find("button", data_action="new-match", data_value="4"))
    assert "Suggested" not in page.html and page.searched == []


def test_a_match_saved_at_v2_comes_back_at_v2():
    """A match begun before the levels moved to v3 keeps playing against the version it was
    begun with (its record names it): saved games and their replays never change."""
    t, page = _open("?players=4&seed=11&level=strong")
    assert t.match.player == "v3-strong"
    data = {k: v.replace('"v3-strong"', '"v2-strong"') for k, v in page.store.data.items()}
    assert any('"v2-strong"' in v for v in data.values())
    t2, page2 = _open(data=data)
    assert t2.match.player == "v2-strong"
    _click(page2, page2.tree.find("button", data_action="bid", data_value="pass"))
    asked = getattr(page2, "asked", [])
    assert asked and all(r["version"] == "v2-strong" for r in asked)
