"""Files: the only part that opens files (and any index derived from them).

- `tomltext`: TOML text read with its damage refused (nesting, size, encoding).
- `presets`: the preset files and `--set` overrides read into `Rules`.
- `gamefile`: the game file format, TOML text read into a game; `gamewrite` writes one;
  `gametables` reads its optional parts (clock, misdeals, event seat, a round's rulings).
- `gamelink`: a game as a link to the phone app (a compact notation, compressed, in the
  link's fragment), read and written.
- `store`: a game file loaded, saved atomically and locked, changed under its lock.
- `library`: where games live: the home folder, the current game, names, rename, trash.
- `eventfile`: the event file format, read and written, damage refused.
- `gameindex`: the derived SQLite index of what each game file says, and the ratings;
  rebuilt from the files whenever it is stale.
"""
