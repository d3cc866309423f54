"""The page's Python (French Tarot and Hungarian Tarokk in the browser): a plain-Python package that
PyScript runs from ``web/main.py`` (``tarot_page.table.start``).

* :mod:`tarot_page.table`: the shell (screens, flow, saves, sharing, the leaderboard, the worker's
  questions), the same for every game;
* :mod:`tarot_page.games`: each game's adapter (its table, its clicks, its computer loop's
  specifics), registered by game id;
* :mod:`tarot_page.browser`: the only module that touches the browser.

build.py ships every module of this package (it walks the package) in app.zip with its bytecode.
"""
