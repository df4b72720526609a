"""`scorepad serve`: the table's page, a small web app on the table's own network.

Imported only by the `serve` command, so the other commands never load the web stack.
`app` holds the routes, `view` what a page shows, `actions` what its forms change, and
`live` the event streams that redraw every open page when the game file changes.
"""
