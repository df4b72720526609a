"""The club: pure folds over many games (no I/O, no clock, no randomness).

- `event`: a club night's facts (its rounds of seated tables, each an ordinary game) and
  its standings folded from the tables' games.
- `seats`: a night's seats as values (tables, rounds, what could not be avoided), and the
  field a format can seat; `seating`: drawing them: partners rotating, byes fair, pairs
  meeting once.
- `stats`: what each game says (`GameFacts`), added up per player and partnership.
- `ratings`: openskill ratings from finished games in the order played; chances.
"""
