"""Words: the engine's facts put into words, through gettext, for every face (no Rich).

- `gametext`: a game told in the words that sheets and messages share: scores, bids, each
  score line (and its one stable English for csv and JSON), the end of the game.
- `catalog`: the translators' tool: msgids extracted from the package into each
  language's .po, compiled to .mo, and checked (`python -m scorepad.words.catalog`).
"""
