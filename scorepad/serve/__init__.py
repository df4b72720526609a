"""`scorepad serve`: the table's page, a small web app on the table's own network.

Imported only by the `serve` command, so the other commands never load the web stack.
Its pages by kind, as Datasette splits its views:

- `app`: puts the pages together (routes, middleware, the one refusal handler).
- `config`: what one server serves and to whom; `urls`: every address its pages build.
- `games`: the list of games, live, and the new-game form.
- `game`: a game's sheet (watch and keep), its live part, a round explained, the undo
  question; `changes`: the keeper's forms (bids, tricks, corrections, undo) and what each
  says on the page it lands on.
- `event`: a club night's room, table links and organizer pages.
- `drawing`: the templates (what a game's page shows, its forms and what they change are
  `scorepad.pages`, which the phone app draws too).
- `live`: the event streams that redraw every open page when the game file changes.
- `guard`: what a request must be to be taken (tokens, forms, one-line refusals);
  `language`: the language each request is answered in; `shield`: what stands before
  them all (the Host names served, other sites' forms, the headers of every answer,
  redirects); `connections`: each connection's deadlines and the cap on them (uvicorn's).
"""
