#!/usr/bin/env bash
# mypy on core/ and the public API (xqchess/__init__.py and its modules kernel, analysis, board, move,
# pgn and svg), with pyproject.toml's [tool.mypy]; tests/test_api_types.py checks a
# user's script strictly.
# The repository root is the package xqchess, so mypy reads it through a folder named xqchess:
# a link to the checkout in a temporary directory. MYPY names the mypy to run (default: the one
# beside this Python, else on PATH).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mypy=${MYPY:-$(command -v mypy)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$root" "$tmp/xqchess"
cd "$tmp"
"$mypy" --config-file "$root/pyproject.toml" --cache-dir "$tmp/.mypy_cache" -p xqchess.core -m xqchess -m xqchess.kernel -m xqchess.analysis -m xqchess.board -m xqchess.move -m xqchess.pgn -m xqchess.svg
