"""The command line: a thin client of the service, and the only package that imports Typer.

- `main`: the console script; it loads only the module of the command it is given.
- `core`: the Typer app, the one place a ScorepadError becomes a one-line message.
- `common`: what several commands share: options, completions, printing.
- One module per group of commands: `games` (new, games, use, rename, delete, restore),
  `rounds` (bid, tricks, undo), `rulings` (adjust, misdeal, confirm), `sheet` (show,
  explain), `play` and `asking` (table mode and its prompts), `watch` (a screen facing the
  table), `serve`, `export`, `sharing` (import), `phone` (app build, app serve: the phone
  app), `check`, `stats`, `ratings`, `presets`, `event` (club nights), `simulate`,
  `verify`, `compare`, `sweep` and `league` (what `simulate --compare`, `--sweep` and
  `--league` show).
"""
