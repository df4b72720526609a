"""Rich renderables; producers only, no printing. Each view has its own module, so a
command loads only the one it draws.

- `sheet`: the score sheet, its header and banners; `grid` the rounds' grid it is built on.
- `explain`: a round explained line by line.
- `tables`: the tables of presets and of a rules value's knobs.
- `event`: a club night's standings and tables.
- `problems`: the simulator's problems in the reader's words; `sweepwords` those of the
  sweep's own checks (refused bids tried, club nights, their ratings).
"""
