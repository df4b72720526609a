"""The service: the one way in, for changes and reads, that every face calls.

- `games`: start, enter bids and tricks, correct, undo, rename and list games; each change
  made under the game file's lock, checked by the engine, and answered with facts.
- `events`: club nights: new, seat, add, drop, show and list; each table's game started
  through `games`.
"""
