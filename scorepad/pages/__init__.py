"""A game's pages as both of its page faces draw them, the served pages and the phone app:
what a page shows and what its forms change, with no web server in them (no Starlette).

- `view`: what a game's page shows (its sheet, turn, warnings, the round explained), as
  plain values that a template draws.
- `forms`: the entry forms of a round (bids, tricks), each box the rules allow.
- `notes`: what an entry or a correction says on the page it lands on.
- `actions`: a form's fields read and handed to the service: enter, correct, undo, start.
- `addresses`: the addresses under a game's page (its rounds, forms, undo, live feed).
"""
