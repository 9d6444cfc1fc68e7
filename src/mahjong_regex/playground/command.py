"""The ``playground`` subcommand's arguments: ``build [--out DIR]`` and
``serve [--dir DIR] [--port N]`` (run by :func:`.site.run`)."""

from __future__ import annotations

from .fetch import cache_dir


def add_parser(sub):
    """The ``playground`` parser (returned, for ``set_defaults``)."""
    p = sub.add_parser(
        "playground",
        help="build or serve the browser playground (a static site running the compiler)",
        description="The playground runs this compiler in the browser (Pyodide): edit rules, "
        "see the pattern in every flavor, test hands, share a link.",
    )
    what = p.add_subparsers(dest="action", required=True, help="build the site, or serve it")
    b = what.add_parser(
        "build",
        help="assemble the static site",
        description="Assemble the page, Pyodide (npm), the lark wheel (PyPI) and this "
        f"project's wheel into one folder. Downloads are cached in {cache_dir()} "
        "($MAHJONG_REGEX_CACHE).",
    )
    b.add_argument("--out", default="site", help="the folder to write (default: site)")
    s = what.add_parser("serve", help="serve a built site on 127.0.0.1")
    s.add_argument("--dir", default="site", help="the built site (default: site)")
    s.add_argument("--port", type=int, default=8000, help="the port (default: 8000; 0: any)")
    return p
