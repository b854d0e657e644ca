"""Serve a static folder over HTTP with MIME types that Pyodide and PyScript need.

Python's ``http.server`` guesses types from the platform's ``mimetypes`` tables, which differ between
machines; this server pins the ones that matter (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``, ``.webmanifest``).  Usage::

    python -m tools.serve _site --port 8000
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".whl": "application/zip",
}

# Always revalidate: the worst case a static host may choose.  The page must still work offline after
# the first visit, which is the service worker's job, not the HTTP cache's.
DEFAULT_CACHE_CONTROL = "no-cache"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with pinned MIME types, optional in-memory extra files and quiet logs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012

    def __init__(
        self,
        *args: Any,
        extra: Mapping[str, tuple[bytes, str]] | None = None,
        cache_control: str = DEFAULT_CACHE_CONTROL,
        quiet: bool = False,
        **kwargs: Any,
    ) -> None:
        self.extra = extra or {}
        self.cache_control = cache_control
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in self.extra:
            body, content_type = self.extra[path]
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self) -> None:
        if self.cache_control:
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a page mid-download (a test, or a worker still fetching Pyodide) is no error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server running in a background thread; ``stop()`` shuts it down."""

    def __init__(
        self,
        root: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        extra: Mapping[str, tuple[bytes, str]] | None = None,
        cache_control: str = DEFAULT_CACHE_CONTROL,
        quiet: bool = True,
    ) -> None:
        if not root.is_dir():
            raise FileNotFoundError(f"cannot serve {root}: not a directory (run `make site` first)")
        handler = functools.partial(
            SiteHandler, directory=str(root), extra=extra, cache_control=cache_control, quiet=quiet
        )
        self.httpd = _Server((host, port), handler)
        self.httpd.daemon_threads = True
        self.host, self.port = host, self.httpd.server_address[1]
        self.url = f"http://{host}:{self.port}/"
        self._thread: threading.Thread | None = None

    def start(self) -> SiteServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket (idempotent)."""
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join()
            self._thread = None
        self.httpd.server_close()

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", nargs="?", default="_site", type=Path, help="folder (default: _site)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    server = SiteServer(args.root, host=args.host, port=args.port, quiet=False)
    print(f"Serving {args.root.resolve()} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
