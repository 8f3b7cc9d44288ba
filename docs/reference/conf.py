"""Sphinx configuration of the API reference: the public API's docstrings through autodoc.

Build it (the `docs` extra installs Sphinx; .ci/run builds it with warnings as errors):

    .venv/bin/pip install -e '.[docs]'
    .venv/bin/sphinx-build -W -b html docs/reference /tmp/xqchess-html

The package is imported from the environment Sphinx runs in (the editable install), so this
folder adds nothing to sys.path.
"""

from importlib.metadata import version as package_version

project = "xqchess"
author = "the xqchess authors"
release = package_version("xqchess")
version = release

extensions = ["sphinx.ext.autodoc"]

# the docstrings write code in single backticks, as Markdown does: render it as code
default_role = "code"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "alabaster"
exclude_patterns = ["_build"]
