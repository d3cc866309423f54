"""The page's Python (French Tarot and Hungarian Tarokk in the browser): a plain-Python package that
PyScript runs from ``web/main.py`` (``tarot_page.table.start``). The page's static files (HTML,
CSS, JavaScript, icons, the manifest) are apart, in ``web/static/``; its catalogues in
``web/locale/``.

* :mod:`tarot_page.table`: the shell (screens, flow, saves, sharing, the leaderboard, the
  worker's questions, the computer players' loop), the same for every game: it asks the match's
  adapter, never which game is on the table;
* :mod:`tarot_page.adapter`: what a game brings to the shell (:class:`~tarot_page.adapter.Adapter`);
  :mod:`tarot_page.games`: the adapters by game id (``get``, ``register``, ``ids``);
* ``tarot_page.games.french``, ``tarot_page.games.hungarian``: each game's adapter, its table
  (``render``), its clicks (``controller``) and its deal form on the score sheet (``sheet``); no
  game imports another;
* :mod:`tarot_page.common`: the drawing pieces both tables use (the page's state beside your
  view, the notice, the top bar, a trick, the hint, the deal's score sheet, the running scores,
  the standings, the review sheet, the language menu); :mod:`tarot_page.clicks`: the clicks both
  games share (page commands);
* :mod:`tarot_page.screens`: the screens both games share (start, history and statistics, a
  shared result, the leaderboard);
* :mod:`tarot_page.sheet` / :mod:`tarot_page.render_sheet`: the score sheet for real cards (each
  game's deal form reached through the registry), :mod:`tarot_page.sheet_form` the pieces those
  forms are made of;
* :mod:`tarot_page.markup` (escaped HTML), :mod:`tarot_page.i18n` (the player's language),
  :mod:`tarot_page.thinking` (what the computer players' worker runs);
* :mod:`tarot_page.browser`: the only module that touches the browser.

build.py ships every module of this package (it walks the package: ``build.web_modules``) in
app.zip with its bytecode. ``tests/web/test_web_page_shape.py`` checks the shape from the source: no
game imports another, no module outside ``games/`` imports a game or compares a game id, no import
cycle.
"""
