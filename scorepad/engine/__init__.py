"""The engine: every rule of the game, once, as pure functions over frozen values.

No I/O, no clock, no randomness: the other parts hand it values and it returns facts.

- `cards`: cards, suits, ranks and decks, read and written.
- `rules`: `Rules`, the knobs of a game, each checked; `ruledata` reads them from TOML data
  and writes them back (`--set` applied); `refusals` names knobs that another knob makes
  meaningless.
- `bids`: a bid (a number, nil or blind nil), read and written; the bids a player, a side
  and a table may make.
- `names`: the names of a game, its players and teams, checked.
- `play`: the rules of card play on card codes: the cards that may be played (following
  suit, spades led once broken), the card that wins a trick.
- `scoring`: a side's round scored into itemized lines (facts), the end of a game judged.
- `game`: a game and its rounds; its standings folded from them, by the one fold step in
  `fold` (`fold_round`, and the `Running` numbers it carries) the simulator folds its
  games by too.
- `clock`: a game's clock: time called at the first change after it ran out, the deal in
  play then the last (a tie plays on), and the clock read at a moment given as a value.
- `checks`: what is entered into a game checked: bids, tricks, round numbers.
- `misdeals`: a void deal, kept as a fact of the game, and who deals again.
- `rulings`: a director's ruling on a round (books, points, set, forfeit) and how it
  changes the round's score.
- `lookup`: players and sides found by what people type: a name in any case, a seat
  number, a team's name.
- `entry`: what people type (PLAYER=VALUE) read into rounds, corrections and undo.
- `dispute`: a disputed round scored without a saved game.
"""
