"""The service: the one way in, for changes and reads, that every face calls.

- `games`: start, enter bids and tricks, correct, undo, rename and list games; each change
  made under the game file's lock, checked by the engine, and answered with facts.
- `rulings`: a director's calls on a game: a ruling, a misdeal, the other side's OK.
- `tables`: the guard every change to a game passes: the game's clock called first, and a
  club night's finished table game not reopened once the night has moved on.
- `picks`: bids and tricks as a face took them (typed `Ann=4`, or a form's boxes), plain
  values the service reads against the game under the lock.
- `reads`: the one door for reads: a game named as a person names it, loaded; the saved
  games, the trash, the presets, the ratings, and the stamp a watcher polls.
- `library`: the saved games as a whole: the current one, the trash, an export's file.
- `sharing`: games passed on: a game file or link imported, a game as its file or link.
- `clock`: the one reading of the time (the server's or the CLI's), handed on as a value.
- `events`: club nights: new, show and list; each table's game started through `games`.
- `seating`: a club night's seating changed: seat the next round, unseat, add and drop.
"""
