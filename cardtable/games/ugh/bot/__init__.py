"""Ugh!'s rule-based player: reads a View, never the game.

It values a Pool by the sets its cards can still make: cards go together
best with best, one per color; a card held may still be bettered by a later
one and a missing color may still come, both less likely as the deck runs
down. A card's worth is what it adds to that value. Each turn it compares
taking the best Safety card (less what the other tops offer the next
player) with flipping: the chance of each card coming next is counted from
the cards it has not seen, as the rules' tips allow, and a short look-ahead
weighs an Ugh!'s discards (or the first flip's points) against the better
cards a flip may bring. Before it presses its luck it locks its sets (the
split that scores most); after taking it locks a set when waiting for better
cards promises too little more; in the last-card window it locks
everything. A Wild steals the card that helps it most, counting the harm to
the player it robs (more for the leader); an Ugh! takes the cards it will
miss least.

The modules: :mod:`.knowledge` reads the View and counts the unseen cards,
:mod:`.value` values a Pool and splits it into sets, :mod:`.outlook` weighs
taking, stealing and flipping, and :mod:`.play` makes the decisions.
"""

from .play import choose

__all__ = ["choose"]
