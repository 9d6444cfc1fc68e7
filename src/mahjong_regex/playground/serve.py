"""``mahjong-regex playground serve``: the built site on 127.0.0.1.

A plain static file server (the standard library's), with the types a
module worker and WebAssembly need (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``), ``Cache-Control: no-cache`` so that a rebuilt site is
loaded afresh, and the page's Content-Security-Policy as a header too (a
worker takes its policy from its own response).
"""

from __future__ import annotations

import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class SiteError(Exception):
    """The site cannot be built or served; the message says why."""


def check_site(folder: Path) -> None:
    """Raise :class:`SiteError` unless ``folder`` holds a built site."""
    if not (folder / "index.html").is_file() or not (folder / "site.json").is_file():
        raise SiteError(
            f"{folder} holds no playground site; build one with: "
            f"mahjong-regex playground build --out {folder}"
        )


#: The policy of every response: the page and its workers load from this
#: origin only, and compile WebAssembly.
POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'none'"
)


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves one folder, quietly, with the headers above."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
        ".zip": "application/zip",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        pass


def make_server(folder: Path, port: int = 8000) -> ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1:``port`` (0: any free port),
    not yet serving.  Raises :class:`SiteError` for a folder that
    holds no site or a port that cannot be had."""
    check_site(folder)
    handler = functools.partial(SiteHandler, directory=str(folder))
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise SiteError(f"cannot serve on 127.0.0.1:{port}: {e.strerror or e}") from None


def serve(folder: Path, port: int = 8000) -> int:
    """Serve ``folder`` until interrupted, after printing its address;
    returns the exit code.  Raises :class:`SiteError` (see
    :func:`make_server`)."""
    server = make_server(folder, port)
    host, bound = server.server_address[:2]
    print(f"serving {folder} at http://{host}:{bound}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
    return 0
