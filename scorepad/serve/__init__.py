"""`scorepad serve`: the table's page, a small web app on the table's own network.

Imported only by the `serve` command, so the other commands never load the web stack.
`app` holds the routes, `view` what a page shows, `forms` its entry forms, `actions` what
they change, `live` the event streams that redraw every open page when the game file
changes, `guard` what a request must be to be taken (tokens, forms, one-line refusals),
`language` the language each request is answered in, `shield` what stands before them
all (the Host names served, other sites' forms, the headers of every answer, redirects),
`connections` each connection's deadlines and the cap on them (uvicorn's protocol), and
`event` a club night's pages (the room, the organizer, the table cards).
"""
