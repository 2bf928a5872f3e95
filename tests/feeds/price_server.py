"""A loopback JSON price API for tests: a real HTTP server on 127.0.0.1 whose prices a test sets."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class PriceServer:
    """A loopback JSON price API whose answers a test sets: ``server.prices["ETH"] = 4100``."""

    def __init__(self) -> None:
        self.prices: dict[str, Any] = {}
        self.failures: list[int] = []
        """Status codes to answer with before answering normally (one per request)."""
        self.requests: list[str] = []
        self.timestamp: str | None = None
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.requests.append(self.path)
                if outer.failures:
                    self.send_response(outer.failures.pop(0))
                    self.end_headers()
                    return
                token = self.path.rsplit("/", 1)[-1]
                if token not in outer.prices:
                    self.send_response(404)
                    self.end_headers()
                    return
                body = json.dumps({"data": {"amount": outer.prices[token], "at": outer.timestamp}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PriceServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
