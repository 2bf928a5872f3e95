"""The built-in rules. Importing this package registers every rule module in it (listed here, in file-name
order: an explicit list costs nothing at import, where scanning the folder did)."""

from . import _access, _alignment, _contradictions, _data, _opposite, _structure, _taint, _templates  # noqa: F401
