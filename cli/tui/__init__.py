"""The terminal front end: `xqchess play` (a game in the terminal, drawn with rich) and the
chessmaps view it and `xqchess chessmaps VARIANT` show."""
