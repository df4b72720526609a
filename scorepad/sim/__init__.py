"""The game simulator: real deals bid and played out by bots, scored by the engine.

`run` runs many games over processes; `gameloop` is the game loop over a deal source
(`botdeals`: the one deal path, bots in Python; `kerneldeals`: a table of bots on the
kernel, `_kernel.c` or its twin `_kernel_py`); `scorer` scores sides with the engine,
`checker` checks deals, `referee` holds both to the reference scorer; `validate` re-reads
the play by the rules (the second reading; the first, which every deal is played by, is
the engine's `scorepad.engine.play`); `deal` the deck and the deal, `bots` and
`valuation` the players; `record` reads, writes and replays hand records; `league` plays
a league of skilled bots and rates them.
docs/simulator.md has the whole map.
"""
