"""Exports as strings: JSON objects for machines, and the sheet in csv, md, html, svg, txt.

Every format is built from the same per-round view of a game and its standings (`view`),
so they cannot disagree. Names are data: each format escapes them its own way (HTML
entities, CSV formula neutralizing, Markdown backslashes, Rich `Text`), never trusting a
name. Producers only: writing the strings to a file is the CLI's business.

- `formats`: the formats by name and suffix; a game handed to the right one.
- One module per format: `csv`, `json`, `md`, `html`, `svg`, `txt`; `chart` draws the
  score chart the HTML page shows.
- `view`: the per-round view every format is built from; `event`: a club night's
  standings and tables, in every format.
"""
