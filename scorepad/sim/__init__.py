"""The game simulator: real deals bid and played out by bots, scored by the engine.

`play` holds the card-play rules on integer card codes, `deal` the deck and the deal,
`bots` the players, `runner` plays games and gathers statistics, `validate` re-checks
every deal independently, and `record` reads, writes and replays hand records.
"""
