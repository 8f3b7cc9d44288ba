"""Engine matches (a research tool): games between two engine programs (`runner`) driven
over UCI or UCCI (`cli.external_engine`) from opening files (`openings`), scored as Elo with
an interval and an SPRT (`stats`)."""
