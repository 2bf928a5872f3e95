"""The ``plankit`` command line."""

from ._app import app, main

__all__ = ["app", "main"]
