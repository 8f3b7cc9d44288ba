"""The `xqchess` command line: argument parsing and the commands behind it."""
