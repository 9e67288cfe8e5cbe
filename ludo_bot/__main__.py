"""`ludo-bot` (or `python -m ludo_bot`): the console script. It runs the bot (`ludo_bot.bot.cli`: no command, `sync
[--guild ID]` to register its commands, `health`), or `ludo-bot playground [--port 8080]` to try it in a browser
without Discord (`ludo_bot.playground`); the choice is made here, so that the bot never depends on the playground."""

from __future__ import annotations

import argparse
import sys

from ludo_bot.bot import cli


def parser() -> argparse.ArgumentParser:
    """The command line: the bot's commands and the playground's."""
    parser = argparse.ArgumentParser(prog="ludo-bot", description="A Discord bot that hosts Ludo games.")
    sub = parser.add_subparsers(dest="command")
    sync_parser = sub.add_parser("sync", help="register the /ludo commands with Discord")
    sync_parser.add_argument("--guild", type=int, help="only in this guild (shows at once)")
    sub.add_parser("health", help="exit 0 if the bot running with these settings is alive, all its workers too "
                                  "(for health checks); prints a line per worker")
    play = sub.add_parser("playground", help="try the bot in a browser, against a local stand-in of Discord")
    play.add_argument("--port", type=int, default=8080, help="the page's port (0: a free one)")
    play.add_argument("--host", default="127.0.0.1",
                      help="the address the page listens on (default 127.0.0.1; 0.0.0.0 in a container, for -p)")
    play.add_argument("--members", type=int, default=4, choices=range(2, 9), metavar="2-8",
                      help="members to act as (default 4; five or more let a knockout play two rounds)")
    play.add_argument("--data-dir", help="the embedded Redis's folder (default: a temporary one, removed at the end)")
    play.add_argument("--redis-url", help="a Redis server to keep the games in instead of the embedded one (the "
                                          "playground never reads REDIS_URL)")
    return parser


def playground(args: argparse.Namespace) -> int:
    """`ludo-bot playground`: until Ctrl-C or SIGTERM."""
    from ludo_bot.playground.cli import serve  # (here alone: a bot process does not load the stand-in of Discord)

    try:
        return cli.run_async(serve(args.port, args.data_dir, host=args.host, redis_url=args.redis_url,
                                   members=args.members))
    except OSError as error:  # (the port is taken)
        print(f"ludo-bot playground: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


def main(argv: list[str] | None = None) -> int:
    """The console script: the settings are read first, for the bot and the playground alike."""
    args = parser().parse_args(argv)
    settings = cli.read_settings()
    if settings is None:
        return 1
    if args.command != "playground":
        return cli.main(args.command, settings, guild=getattr(args, "guild", None))
    cli.log(settings)
    return playground(args)


if __name__ == "__main__":
    sys.exit(main())
