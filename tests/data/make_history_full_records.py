"""Made with the build before compact history entries (commit 8ec139f): a history of full records."""
import json, sys
sys.path.insert(0, "tests")
import helpers
from tarot_core.daily import daily_match
from tarot_core.match import Match
from tarot_core.saves import MemoryStorage, SavedGame, Saves, HISTORY_KEY

storage = MemoryStorage()
saves = Saves(storage)
def fin(match, mode, date, played_on, seed0):
    helpers.play_match(match, helpers.random_policy(seed0))
    assert match.is_over
    saves.finish_game(SavedGame(match, mode, date), played_on)

fin(daily_match("2026-11-30", 4), "daily", "2026-11-30", "2026-11-30", 1)
fin(daily_match("2026-11-30", 4, 2), "daily", "2026-11-30", "2026-12-01", 2)  # practice
fin(Match(3, "812734", 3, first_dealer=2), "free", None, "2026-12-02", 3)
fin(Match(5, "free-5", 2, first_dealer=4), "free", None, "2026-12-03", 4)
fin(Match(4, 99, 1, first_dealer=0, player="v3-normal"), "free", None, "2026-12-04", 5)
fin(daily_match("2026-12-05", 4, 2, game="hungarian"), "daily", "2026-12-05", "2026-12-05", 6)
fin(Match(5, "hu-5", 2, first_dealer=4, game="hungarian", profile="tournament"), "free", None, "2026-12-06", 7)
fin(Match(4, "hu-4", 2, first_dealer=3, game="hungarian", profile="pagat", player="v4-strong"), "free", None, "2026-12-07", 8)
fin(daily_match("2026-12-08", 3, 2), "daily", "2026-12-08", "2026-12-08", 9)
raw = storage.get(HISTORY_KEY)
print(len(raw), [ (e["game"], e["players"], e["mode"], e["practice"]) for e in json.loads(raw)["entries"]])
open("tests/data/history-full-records.json", "w").write(raw)
