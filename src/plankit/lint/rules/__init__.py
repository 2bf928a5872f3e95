"""The built-in rules. Importing this package registers every rule module in it (listed here, in file-name
order: an explicit list costs nothing at import, where scanning the folder did). The goal-alignment family's
modules (``_alignment_*``) are imported and registered by ``_alignment``."""

from . import (  # noqa: F401
    _access,
    _alignment,
    _contradictions,
    _data,
    _empty,
    _opposite,
    _structure,
    _taint,
    _templates,
)
