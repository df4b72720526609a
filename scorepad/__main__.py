"""`python -m scorepad` runs the command line."""

from scorepad.cli import main

main()
