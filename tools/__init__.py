"""Scripts and modules that build, serve and check the site (see ``site/`` and each script's docstring)."""
