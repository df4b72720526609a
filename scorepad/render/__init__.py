"""Rich renderables: the score sheet, rounds explained, tables. Producers only: no printing.

Each view is imported from its own module (`render.sheet`, `render.explain`,
`render.tables`), so a command loads only the one it draws.
"""
