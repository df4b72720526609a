"""The phone app: scorepad itself in the browser (Pyodide), offline and installable.

- `runtime`: the pinned Pyodide runtime, fetched once, checked against its integrity
  and cached.
- `wheels`: pure-Python wheels of scorepad and of what it needs in the page.
- `icons`: the app's icons, drawn as PNG without an image library.
- `build`: the static app written to a folder (index, manifest, service worker, runtime,
  wheels, and a lock file naming exactly the wheels shipped).
- `pages`: the app's pages, drawn in the page by Python from the service: JavaScript
  sends taps here and draws what comes back.
- `shell/`: the static files around it (the JavaScript that loads Python and moves
  bytes, the service worker, the manifest); `templates/`: the pages the app draws
  differently from the served keep page, whose other templates it shares.
"""
