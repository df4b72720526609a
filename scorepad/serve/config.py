"""What one server serves, and to whom: the games, the tokens of its roles, the names it
answers to, and a club night beside them."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from scorepad.serve.shield import LOOPBACK_NAMES
from scorepad.serve.urls import Urls

ROLES = ("watch", "keep")


@dataclass
class ServeConfig:
    """What one server serves, and to whom."""

    game: Path | None  # the one game served, or None for every saved game (--all)
    tokens: dict[str, str] = field(default_factory=dict)  # role -> token; empty: no tokens
    # The names and addresses a request may reach the server by (its Host, port left off).
    hosts: frozenset[str] = LOOPBACK_NAMES
    any_address: bool = False  # listening on every address: any IP address is a good Host
    event: str | None = None  # a club night served beside its games (serve --event)

    @property
    def urls(self) -> Urls:
        """Every address of this server's pages."""
        return Urls(self.tokens)


def new_tokens() -> dict[str, str]:
    """A fresh random token for each role (128 bits each)."""
    return {role: secrets.token_urlsafe(16) for role in ROLES}
