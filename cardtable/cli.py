"""The ``cardtable`` command: the app, and ``games`` / ``simulate`` / ``lab`` for headless use."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable import __version__
from cardtable.ai import agent_names
from cardtable.lab.args import add_parser as add_lab_parser
from cardtable.lab.args import add_rules_arguments
from cardtable.net.args import add_parsers as add_net_parsers

if TYPE_CHECKING:
    from cardtable.engine import GameSpec, Option
    from cardtable.userfiles import UserFiles

# Each command imports what it needs when it runs: the window opens without loading the lab,
# the simulator or the charts.


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardtable", description="Card Table: four card games at one table.")
    p.add_argument("--version", action="version", version=f"cardtable {__version__}")
    p.add_argument("--demo", metavar="GAME", help="watch computer players play GAME in a loop")
    p.add_argument("--seed", type=int, help="with --demo: the first game's seed")
    p.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="with --demo: watch from seat N (1 is the first), its cards open",
    )
    p.add_argument("--learn", metavar="GAME", help="open GAME's guided first game (Learn to play)")
    p.add_argument("--exit-after", type=float, metavar="SECONDS", help="close the window after SECONDS")
    p.add_argument("--screenshot", metavar="PNG", help="save the last frame to PNG when closing")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    g = sub.add_parser("games", help="list games, player counts and variants")
    g.add_argument("--options", metavar="GAME", help="list the house-rule options of GAME")

    r = sub.add_parser("replay", help="watch a finished game again, move by move, every hand open")
    r.add_argument("file", help="a replay file (finished games are kept in the data folder's replays/)")

    s = sub.add_parser("simulate", help="play headless games between computer players")
    s.add_argument("game", help="game id (see `cardtable games`)")
    s.add_argument(
        "--players", type=int, help="number of players (default: the agents given, or the game's usual table)"
    )
    s.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    s.add_argument(
        "--agents",
        default="rule",
        help=f"comma-separated agent per seat, or one for all; choices: {', '.join(agent_names())}",
    )
    s.add_argument("--seed", type=int, default=1, help="base seed; the same seed gives the same games")
    add_rules_arguments(
        s,
        "a named variant, built in or your own (see `cardtable games`)",
        "set one option (YAML value, e.g. rounds=4 or allow_no_trump=false); repeatable",
    )
    s.add_argument("--json", action="store_true", help="print one JSON summary object instead of a table")
    s.add_argument("--workers", type=int, help="games played at once (default: one per core)")
    add_lab_parser(sub)
    add_net_parsers(sub)
    d = sub.add_parser("desktop", help="add Card Table to the applications menu, or take it out (Linux)")
    d.add_argument("action", choices=("install", "uninstall"))
    return p


def main(argv: Sequence[str] | None = None, *, windowed: bool = False) -> int:
    """The ``cardtable`` command (``windowed``: started as ``cardtable-gui``, with no console to
    read, so the app's own errors are also shown in a message box)."""
    parser = _parser()
    args = parser.parse_args(argv)
    from cardtable.engine import OptionError
    from cardtable.yamlfile import ConfigError

    try:
        if args.seat is not None and args.demo is None:
            raise ValueError("--seat goes with --demo")
        if args.command == "games":
            return _cmd_games(args)
        if args.command == "simulate":
            return _cmd_simulate(args)
        if args.command == "desktop":
            from cardtable import desktop

            return desktop.run(args.action)
        if args.command == "lab":
            from cardtable.app.layout.timing import game_seconds
            from cardtable.lab import cli as lab_cli

            return lab_cli.run(args, lambda: _own_files().own, _parse_options, game_seconds, _save_chart)
        if args.command in ("serve", "bot"):
            from cardtable.net.args import run as run_net

            return run_net(args)
        if args.demo is not None:
            _check_demo(args.demo, args.seat)
        if args.learn is not None:
            _check_demo(args.learn)  # a lesson is played at the game's table
        replay = _read_replay(args.file) if args.command == "replay" else None
    except (KeyError, ValueError, OptionError, ConfigError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"cardtable: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _reader_gone()
    from pathlib import Path

    from cardtable.app.app import launch

    shot = Path(args.screenshot) if args.screenshot else None
    watch = args.seat - 1 if args.seat is not None else None
    return launch(
        demo=args.demo,
        seed=args.seed,
        exit_after=args.exit_after,
        screenshot=shot,
        replay=replay,
        watch=watch,
        windowed=windowed,
        learn=args.learn,
    )


def _reader_gone() -> int:
    """Whatever read our output stopped early (``cardtable games | head``): end quietly, as Unix tools do.

    What is still buffered would raise again as Python flushes at exit, so
    standard output goes nowhere from here (the recipe in Python's ``signal`` docs).
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1


def _read_replay(file: str):
    """The replay to open, checked before a window opens (a bad file is an error message, exit 2)."""
    from pathlib import Path

    from cardtable.saves import SaveError, read_replay

    try:
        return read_replay(Path(file))
    except SaveError as exc:
        raise ValueError(f"{file}: not a replay Card Table can play ({exc})") from exc


def _check_demo(game: str, seat: int | None = None) -> None:
    """Only games with a table layout can be shown, from a seat the demo has; say so before a window opens."""
    from cardtable import games
    from cardtable.app.layout import playable_games

    spec = games.get(game)
    tables = playable_games()
    if game not in tables:
        raise ValueError(
            f"{spec.name} has no table in the app yet (play it headless with 'cardtable simulate'); "
            f"tables: {', '.join(tables)}"
        )
    players = spec.table_size  # as TableScene.demo seats them
    if seat is not None and not 1 <= seat <= players:
        raise ValueError(f"--seat must be from 1 to {players} for a demo of {spec.name} (got {seat})")


# -- games ---------------------------------------------------------------------


def _own_files() -> UserFiles:
    """The player's own variants, as the app reads them; a broken file is reported and left out."""
    from cardtable import games
    from cardtable.settings import config_dir
    from cardtable.userfiles import UserFiles

    files = UserFiles(config_dir())
    files.load_variants(games.all_specs())
    for problem in files.problems.values():
        print(f"cardtable: warning: {problem}", file=sys.stderr)
    return files


def _cmd_games(args: argparse.Namespace) -> int:
    from cardtable import games

    if args.options:
        _print_options(games.get(args.options))
        return 0
    own = _own_files()
    for spec in games.all_specs():
        print(f"{spec.id:16} {spec.name} - {spec.min_players} to {spec.max_players} players")
        print(f"{'':16} {spec.summary}")
        for name, variant in own.variants(spec).items():
            mine = "" if variant.builtin else " (yours)"
            print(f"{'':16}   variant {name}{mine}: {variant.description}")
    return 0


def _describe_type(option: Option) -> str:
    from cardtable.engine import AUTO

    kind = option.kind
    if kind == "bool":
        return "true/false"
    if kind == "int":
        lo, hi = option.minimum, option.maximum  # type: ignore[attr-defined]
        return f"{lo}..{hi}" + (f" or {AUTO}" if option.auto else "")  # type: ignore[attr-defined]
    if kind == "choice":
        choices = option.choices  # type: ignore[attr-defined]
        if len(choices) <= 6:
            return " | ".join(choices)
        return f"{choices[0]}, {choices[1]}, {choices[2]} ... {choices[-1]} ({len(choices)} values)"
    if kind == "intmap":
        keys = option.keys  # type: ignore[attr-defined]
        return f"{{{', '.join(keys)}}} each {option.minimum}..{option.maximum}"  # type: ignore[attr-defined]
    return "text"


def _print_options(spec: GameSpec) -> None:
    import yaml

    print(f"{spec.name} options (set with --option KEY=VALUE, or in a variant):")
    for option in spec.schema:
        default = (
            yaml.safe_dump(option.default, default_flow_style=True, sort_keys=False)
            .strip()
            .removesuffix("...")
            .strip()
        )
        print(f"  {option.key}  [{_describe_type(option)}]  default {default}")
        print(f"      {option.description}")


# -- simulate ------------------------------------------------------------------


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    import yaml

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option needs KEY=VALUE, got {pair!r}")
        options[key.strip()] = yaml.safe_load(value) if value.strip() else ""
    return options


def _cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from cardtable import games
    from cardtable.engine import Variant
    from cardtable.simulate import simulate
    from cardtable.terminal import progress_bar

    spec = games.get(args.game)
    names, players = _seats(args, spec.table_size)
    variant: str | Variant | None = args.variant
    if args.variant is not None and args.variant not in spec.variants:  # only then read the player's files
        variant = spec.find_variant(args.variant, _own_files().variants(spec))
    progress = progress_bar if sys.stderr.isatty() else None
    summary = simulate(
        spec,
        players,
        args.games,
        names,
        args.seed,
        variant=variant,
        options=_parse_options(args.option),
        progress=progress,
        workers=args.workers,
    )
    if progress is not None:
        print("\r\033[K", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        _print_summary(args, spec, names, summary)
    return 0


def _seats(args: argparse.Namespace, usual: int) -> tuple[list[str], int]:
    """The agent of each seat and the table size, checked (a ValueError says what is wrong)."""
    names = [a.strip() for a in args.agents.split(",") if a.strip()]
    players = args.players or (len(names) if len(names) > 1 else usual)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--agents names {len(names)} seats but --players is {players}")
    known = agent_names()
    for name in names:
        if name not in known:
            raise ValueError(f"no agent {name!r}; choose from {', '.join(known)}")
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    return names, players


def _print_summary(args: argparse.Namespace, spec: GameSpec, names: list[str], summary: Any) -> None:
    """The simulated games as a table: each seat's wins, interval, mean score and decision times."""
    from cardtable.variants import variant_title

    players = len(names)
    variant = variant_title(args.variant) if args.variant else "Standard"
    print(
        f"{spec.name}: {players} players, {args.games} games, {variant} rules, "
        f"seed {args.seed} ({summary.seconds:.1f} s)"
    )
    print(
        f"{'seat':>4}  {'agent':<10} {'wins':>6} {'win rate':>9} {'95% interval':>14} {'mean score':>11}"
        f" {'decisions':>10} {'mean time':>10} {'p95 time':>9}"
    )
    for seat in range(players):
        lo, hi = summary.win_ci95[seat]
        timing = ""
        if summary.decisions[seat]:
            timing = (
                f" {summary.decisions[seat]:>10} {1000 * summary.decision_mean[seat]:>8.1f}ms"
                f" {1000 * summary.decision_p95[seat]:>7.1f}ms"
            )
        print(
            f"{seat:>4}  {names[seat]:<10} {summary.wins[seat]:>6} {100 * summary.win_rates[seat]:>8.1f}% "
            f"{100 * lo:>6.1f}-{100 * hi:>5.1f}% {summary.mean_scores[seat]:>11.2f}{timing}"
        )
    if summary.means:
        print("Per game: " + ", ".join(f"{v:.1f} {k}" for k, v in summary.means.items()))
    if spec.lower_scores_win:
        print(f"Scores are penalties: lower is better, and the fewest wins {spec.name}.")
    print("A shared win counts for every player who shares it.")


def _save_chart(comparison: Any, path: Any) -> None:
    from cardtable.app.lab_chart import save_chart  # pygame: only when a chart is asked for

    save_chart(comparison, path)


if __name__ == "__main__":
    raise SystemExit(main())
