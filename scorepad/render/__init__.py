"""Rich renderables: the score sheet, rounds explained, tables; and the words of the
simulator's problems. Producers only: no printing.

Each view is imported from its own module (`render.sheet`, `render.explain`,
`render.tables`, `render.problems`), so a command loads only the one it draws.
"""
