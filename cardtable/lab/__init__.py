"""The house-rule lab: computers play the same deals under two sets of rules, and the figures are compared.

``run`` plays the paired games on every core (cancellable at once),
``record`` says what each finished game shows, ``compare`` sets the two
sides against each other with 95% intervals, ``summary`` tells what changes
in a few plain sentences (the biggest changes first, in the game's own
terms, and how far to trust them), ``report`` prints the sentences and then
the figures, and ``cli`` is the ``cardtable lab`` command. The app's "Try it"
uses the same.
"""
