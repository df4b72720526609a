"""Words: the engine's facts put into words, through gettext, for every face (no Rich).

- `gametext`: a game told in the words that sheets and messages share: scores, bids, each
  score line (and its one stable English for csv and JSON), the end of the game.
- `rounds`: a game's rounds side by side: the order of the sides, each side's part of a
  round, as the exports and the served pages both show it.
- `rulingtext`: a director's calls in words once made: a ruling with its reason and the
  scores after it, a round's tricks agreed by the other side.
- `eventtext`: a club night in words: the standings' heads, a round's heading, a table's
  score, the byes, what a bye scores, what the seating could not avoid.
- `catalog`: the translators' tool: msgids extracted from the package into each
  language's .po, compiled to .mo, and checked (`python -m scorepad.words.catalog`).
"""
