"""The ``cardtable serve`` and ``cardtable bot`` commands: their arguments and what they run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardtable.ai import LEVELS

from .limits import Limits

DEFAULT_PORT = 8765


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("serve", help="host tables for players on other computers (a table server)")
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every network)")
    s.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)"
    )
    s.add_argument(
        "--data",
        type=Path,
        help="the folder the tables are kept in, with SQLite (default: the data folder's server/)",
    )
    s.add_argument(
        "--store",
        metavar="URL",
        help="keep the tables in PostgreSQL instead (postgresql://user@host/db; needs cardtable[server]),"
        " shared by every server process that names it",
    )
    s.add_argument(
        "--announce",
        action="store_true",
        help="list the tables gathering players on the local network (zeroconf), for Play online's Join;"
        " with --host 0.0.0.0, so that other computers can reach them",
    )
    s.add_argument(
        "--announce-on",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="with --announce: announce on the network interface with this IPv4 address only (repeat for"
        " more; default: every interface, or those in CARDTABLE_LAN, comma-separated)",
    )
    s.add_argument(
        "--balancer",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a load balancer in front of this process (repeat for more): connections from it are"
        " limited by the client address it adds to X-Forwarded-For, and a table's creator is sent"
        " on to the table's own path (/t/CODE), which the balancer routes by",
    )
    s.add_argument("--certfile", help="a TLS certificate (PEM): clients connect with wss://")
    s.add_argument("--keyfile", help="the certificate's private key (PEM)")
    _limits(s)

    b = sub.add_parser("bot", help="play one seat of an online table as a computer (for scripts and tests)")
    b.add_argument("url", help="the server, as ws://host:port")
    how = b.add_mutually_exclusive_group(required=True)
    how.add_argument("--create", metavar="GAME", help="create a table for GAME; its code is printed first")
    how.add_argument("--table", metavar="CODE", help="take the next free seat at table CODE")
    b.add_argument("--players", type=int, help="with --create: the number of players")
    b.add_argument("--variant", help="with --create: a built-in variant")
    b.add_argument(
        "--level", default="normal", choices=list(LEVELS), help="how the bot plays (default normal)"
    )
    b.add_argument("--name", help="the name at the table")
    b.add_argument("--seed", type=int, default=1, help="the bot's own seed")
    b.add_argument(
        "--pace", type=float, default=0.0, help="with --create: seconds between computer seats' moves"
    )


def _limits(s: argparse.ArgumentParser) -> None:
    """``serve``'s limits on what one client may do, each listed in its help."""
    limits = s.add_argument_group("limits", "what one client may do (the defaults suit people)")
    limits.add_argument(
        "--rate",
        type=float,
        metavar="N",
        default=Limits.rate,
        help=f"messages a second one connection may send, bursts of twice that (default {Limits.rate:g})",
    )
    limits.add_argument(
        "--connections-per-address",
        type=int,
        metavar="N",
        default=Limits.connections_per_address,
        help=f"connections open at once from one address (default {Limits.connections_per_address})",
    )
    limits.add_argument(
        "--connection-rate",
        type=float,
        metavar="N",
        default=Limits.connection_rate,
        help="new connections a second one address may open, bursts of twice that"
        f" (default {Limits.connection_rate:g})",
    )
    limits.add_argument(
        "--server-rate",
        type=float,
        metavar="N",
        default=Limits.server_rate,
        help="messages a second, other than moves and each connection's first, the whole server takes"
        f" from everyone together (default {Limits.server_rate:g})",
    )
    limits.add_argument(
        "--address-rate",
        type=float,
        metavar="N",
        default=Limits.address_rate,
        help="messages a second all connections from one address may send together"
        f" (default {Limits.address_rate:g})",
    )


def run(args: argparse.Namespace) -> int:
    if args.command == "serve":
        return _serve(args)
    from .bot import run_bot

    if args.create is None and (args.players is not None or args.variant is not None):
        raise ValueError("--players and --variant go with --create")
    return run_bot(
        args.url,
        create=args.create,
        players=args.players,
        variant=args.variant,
        table=args.table,
        level=args.level,
        name=args.name,
        seed=args.seed,
        pace=args.pace,
    )


def _serve(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from .discovery import lan_interfaces
    from .server import run as serve
    from .store import StoreError

    if bool(args.certfile) != bool(args.keyfile):
        raise ValueError("--certfile and --keyfile go together")
    if args.announce_on and not args.announce:
        raise ValueError("--announce-on goes with --announce")
    lan_interfaces(args.announce_on)  # a ValueError names an address that is not one
    if args.store is not None and args.data is not None:
        raise ValueError("--store and --data name two places for the tables: give one")
    if args.store is not None and not args.store.startswith(("postgresql://", "postgres://")):
        raise ValueError(f"--store takes a postgresql:// URL (got {args.store!r})")
    data = args.store or (args.data if args.data is not None else default_data())
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    # websockets says every connection's opening and closing at INFO: thousands of lines a second
    # under load or a flood, and nothing an operator acts on.
    logging.getLogger("websockets.server").setLevel(logging.WARNING)
    limits = Limits(
        rate=args.rate,
        burst=args.rate * 2,
        connections_per_address=args.connections_per_address,
        address_rate=args.address_rate,
        connection_rate=args.connection_rate,
        server_rate=args.server_rate,
    )
    if args.announce and args.host in ("127.0.0.1", "localhost", "::1"):
        logging.warning(
            "listening on %s only: the tables are announced, but only this computer can join them "
            "(--host 0.0.0.0 lets the network in)",
            args.host,
        )
    try:
        asyncio.run(
            serve(
                args.host,
                args.port,
                data,
                certfile=args.certfile,
                keyfile=args.keyfile,
                limits=limits,
                announce=args.announce,
                lan=args.announce_on,
                balancers=args.balancer,
            )
        )
    except (OSError, StoreError) as exc:  # the port is taken, the folder is another server's, the
        # certificate is unreadable, the database is out of reach or of a newer release
        print(f"cardtable: error: {exc}", file=sys.stderr)
        return 1
    return 0


def default_data() -> Path:
    from cardtable.settings import data_dir

    return data_dir() / "server"
