"""Tool sources beyond Python modules and spec files: MCP servers, whose tools become plan tools.

>>> async with McpTools([McpServerSpec.parse("files=stdio:python server.py")]) as registry:
...     registry.names()     # ['files.read', 'files.write', ...]

See :mod:`plankit.tool_sources._mcp`. Needs ``pip install 'plankit[mcp]'``.
"""

from ._mcp import DEFAULT_CALL_TIMEOUT, McpServerSpec, McpSourceError, McpTools, load_mcp_config

__all__ = ["DEFAULT_CALL_TIMEOUT", "McpServerSpec", "McpSourceError", "McpTools", "load_mcp_config"]
