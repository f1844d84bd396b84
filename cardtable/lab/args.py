"""The ``lab`` command's arguments (the rules ones shared with ``simulate``), apart from the lab itself:
the app starts without loading the lab."""

from __future__ import annotations

import argparse

from cardtable.ai import LEVELS

DEFAULT_GAMES = 200


def add_parser(sub: argparse._SubParsersAction) -> None:
    lab = sub.add_parser(
        "lab",
        help="try a house rule: computers play the same deals under it and under other rules",
        description=(
            "Plays the same deals under two sets of rules (the deal's luck cancels out) and prints "
            "wins by seat, scores, game length and the game's own figures side by side, each "
            "difference with its likely range; a few sentences first say what changes most."
        ),
    )
    lab.add_argument("game", help="game id (see `cardtable games`)")
    add_rules_arguments(
        lab,
        "the variant to try, built in or your own (default: standard)",
        "a house rule to try over the variant (YAML value, e.g. rounds=3); repeatable",
    )
    lab.add_argument("--against", default="standard", help="the variant to compare with (default: standard)")
    lab.add_argument("--players", type=int, help="table size (default: the game's usual table, 2 in U-G-O)")
    lab.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"deals (default {DEFAULT_GAMES})")
    lab.add_argument(
        "--level", default="normal", choices=list(LEVELS), help="computer level (default normal)"
    )
    lab.add_argument("--seed", type=int, default=1, help="base seed; the same seed plays the same deals")
    lab.add_argument("--workers", type=int, help="games played at once (default: one per core)")
    lab.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    lab.add_argument("--chart", metavar="FILE.png", help="also draw the comparison as a PNG")


def add_rules_arguments(parser: argparse.ArgumentParser, variant_help: str, option_help: str) -> None:
    """``--variant NAME`` and ``--option KEY=VALUE`` (repeatable): the rules a command plays under,
    named and read the same way by every command that plays."""
    parser.add_argument("--variant", help=variant_help)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=option_help)
