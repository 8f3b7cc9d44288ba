"""The package list, found rather than written: the repository root is the ``xqchess`` package
(pyproject.toml's package-dir), and every folder below it with an ``__init__.py`` is one of its
subpackages, so a game added as ``variants/NAME/`` is installed without editing any list."""

from setuptools import find_packages, setup

setup(
    packages=["xqchess"]
    + [
        f"xqchess.{name}"
        for name in find_packages(".", exclude=["tests", "tests.*", "build", "build.*"])
    ]
)
