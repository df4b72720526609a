"""A game's pages as both of its page faces draw them, the served pages and the phone app:
what a page shows and what its forms change, with no web server in them (no Starlette).

- `view`: what a game's page shows (its sheet, turn, warnings, the round explained), as
  plain values that a template draws.
- `forms`: the entry forms of a round (bids, tricks), each box the rules allow, and the
  director's forms (a ruling, a misdeal), each choice the rules allow.
- `notes`: what an entry, a correction, an undo or a director's call says on the page it
  lands on.
- `actions`: a form's fields read and handed to the service: enter, correct, undo, start,
  and the director's calls (a ruling asked first, then made; a misdeal; the other side's
  OK).
- `addresses`: the addresses under a game's page (its rounds, forms, undo, live feed).
- `drawing`: the templates' environment both faces draw with (escaping, words, numbers).
"""
