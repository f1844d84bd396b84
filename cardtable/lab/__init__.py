"""The house-rule lab: computers play the same deals under two sets of rules, and the figures are compared.

``run`` plays the paired games on every core (cancellable at once),
``record`` says what each finished game shows, ``compare`` sets the two
sides against each other with 95% intervals, ``report`` prints them, and
``cli`` is the ``cardtable lab`` command. The app's "Try it" uses the same.
"""
