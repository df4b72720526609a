"""scorepad: a score pad for Spades that scores every rule and house rule right."""

__version__ = "0.1.0"
