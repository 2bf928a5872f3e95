"""Renderers: plans as Mermaid diagrams, and short text for conditions and values."""

from ._mermaid import render_mermaid
from ._text import condition_text, value_text

__all__ = ["condition_text", "render_mermaid", "value_text"]
