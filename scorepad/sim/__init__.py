"""The game simulator: real deals bid and played out by bots, scored by the engine and held
to the independent reference. docs/simulator.md has the whole story.

- A run: `run` (many games, summed into one summary), `parallel` (ranges of games on
  several processes), `results` (what a game gives: records, violations, counts).
- A game: `gameloop` (deal after deal from a deal source, scored, folded, checked, to the
  end), `source` (what the loop asks of a deal source).
- Deals: `deal` (the deck as card codes, the shuffle), `botdeals` (the one deal path, bots
  in Python), `kerneldeals` and `kernel` (a table of bots on the compiled kernel,
  `_kernel.c`, or its twin `_kernel_py`); every card is played by the engine's rules of
  card play (`scorepad.engine.play`).
- Players: `seen` (what a player sees and is asked), `bots`, `heuristic` (a club player),
  `cardpicks` and `valuation` (its words for cards and hands), `explorer` (bots that make
  every kind of bid the rules allow, and try bids the rules refuse: `refusaltries`).
- Checks: `scorer` (the engine, checked), `keys` (memo keys), `checker` (the bid checks),
  `validate` (a plain replay of the play, the second reading), `referee` (the reference
  at run time), `violated` (the rule a violation concerns).
- Reports: `sweep` and `sweepcases` (every preset and a sample of knob combinations,
  played under a `director` who calls misdeals, makes rulings, agrees rounds and plays
  to a clock; `reach`, what each game reached),
  `nights` (whole club nights played by bots, their standings and ratings checked;
  `nightviews`: what the night's pages show beside them),
  `compare` (house rules side by side), `record` (hand records), `league` (bots of known
  skill, rated as people are).
"""
