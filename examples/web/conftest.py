"""Fixtures of the web app's tests: the app on a real uvicorn, on a free loopback port.

``live_server(**options)`` starts ``create_app(store=tmp_path, **options)``
in a thread (uvicorn, as ``app.py`` runs it: the same message size limit)
and returns a `LiveServer` with its ``url`` and ``port``; it is stopped
(a clean stop: the records are written) at the end of the test, or earlier
with ``stop()``. The browser tests use it too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from app import Limits, WebApp, create_app
from starlette.applications import Starlette


class LiveServer:
    """A uvicorn serving the app in a thread.

    Attributes:
        app: The Starlette app.
        web: Its `app.WebApp` (tables, connections).
        port: The port it listens on.
        url: ``http://127.0.0.1:<port>``.
    """

    def __init__(self, app: Starlette, limits: Limits) -> None:
        self.app = app
        self.web: WebApp = app.state.web
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                                ws_max_size=limits.max_message, lifespan="on")  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        started = threading.Event()

        def wait() -> None:
            while not self.server.started and self.thread.is_alive():
                started.wait(0.01)

        wait()
        if not self.server.started:
            raise RuntimeError("uvicorn did not start")
        self.port = int(self.server.servers[0].sockets[0].getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Stop it cleanly (open connections are closed, the last records written)."""
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """A factory: ``live_server(seed=1, store=..., limits=..., ...)`` -> a running `LiveServer`."""
    running: list[LiveServer] = []

    def start(**options: Any) -> LiveServer:
        options.setdefault("store", tmp_path / "tables")
        limits = options.setdefault("limits", Limits())
        server = LiveServer(create_app(**options), limits)
        running.append(server)
        return server

    yield start
    for server in running:
        server.stop()
