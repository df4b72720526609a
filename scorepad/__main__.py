"""`python -m scorepad` runs the command line."""

from scorepad.cli.main import main

main()
