"""plankit as an MCP server (``plankit mcp``): lint, compile and run plans, approve steps, read the rules.

See :mod:`plankit.mcp._server` for the tools and resources. Needs ``pip install 'plankit[mcp]'``.
"""

from ._server import DEFAULT_WAIT_LIMIT, ServerSettings, build_server, serve

__all__ = ["DEFAULT_WAIT_LIMIT", "ServerSettings", "build_server", "serve"]
