"""Who deals: the reference's reading of RULES.md 1 and docs/rules.md "Misdeals".

The deal passes to the dealer's left (the next seat) after every deal that is played. A
misdeal is no deal: under "same" its dealer deals again; under "next" the deal passes
on as after a played deal. Plain values: a deal is "played", or a misdeal's redeal
("same" or "next").
"""

from __future__ import annotations

from collections.abc import Sequence


def who_deals(players: int, first_dealer: int, deals: Sequence[str]) -> list[int]:
    """The seat dealing each deal in `deals`, in order, and last the seat that deals the
    deal after them."""
    seats = []
    dealer = first_dealer
    for deal in deals:
        seats.append(dealer)
        if deal == "same":
            continue  # a void deal: the same hands shuffle and deal again
        dealer = dealer + 1 if dealer + 1 < players else 0
    seats.append(dealer)
    return seats
