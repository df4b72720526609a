"""A second scorer, written from RULES.md and docs/rules.md alone, to hold the engine to.

It shares no code with the engine and imports nothing of scorepad outside this package;
it does no I/O. It is plain on purpose, and shaped as a scorekeeper works at the table
rather than as the engine is: a side's round is a list of entries written down one by one
(by a `Scorekeeper`, who reads the knobs once), and the end of a game is a check of each
side in turn.

Everything is plain values (`rulebook` says which).

- `rulebook`: the knobs, their defaults, the deck's tricks and the sides at the table.
- `scorekeeper`: `score_side(knobs, hands, score, bags) -> SideResult`, one side's round
  (`Scorekeeper(knobs).score_side` for many rounds).
- `refusals`: `bid_refusal(knobs, sides, trailing)`, why a table of bids is refused
  (None: allowed).
- `tally`: `play_game(knobs, rounds) -> GameResult`, a game folded round by round, with
  every round's side results (rounds after the end scored on, as the table would see
  them), the end (winner, round, reason), the totals as of the end, and the blind bids
  each round held that the scores before it did not allow.
- `deals`: `who_deals(players, first_dealer, deals)`, who deals each deal, misdeals and
  the rule for who deals after one included.
- `clock`: `deal_called(end, changes)`, the deal in play when a game's time is called.
- `night`: `fold_night(field, rounds, pairs)`, a club night's standings folded from its
  tables' results (README.md, Club night); `seat_of(round, name)`, where a player sits.
"""
