"""The site's build tooling, run through ``build.py`` (the one command line):

* :mod:`tools.site.layout`: where things are (the repository's paths, the page's module list);
* :mod:`tools.site.common`: :class:`BuildError` and :func:`log`, shared by the others;
* :mod:`tools.site.pipeline`: the build of ``dist/`` (:func:`~tools.site.pipeline.build`);
* :mod:`tools.site.headers`: netlify.toml's ``[[headers]]``, matched as Netlify matches them;
* :mod:`tools.site.devserver`: the local server sending those headers;
* :mod:`tools.site.devenv`: the development environment (npm packages, ``.venv`` with the test
  extras, the browsers the e2e tests need) and the test runner.

Imports go one way: layout <- headers <- devserver; layout, common <- devenv <- pipeline (which
also imports headers); build.py imports them all and re-exports their names.
"""
