"""The built-in rules. Importing this package registers every rule module in it."""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
    importlib.import_module(f"{__name__}.{_module.name}")
