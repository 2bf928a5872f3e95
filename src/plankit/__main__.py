"""``python -m plankit`` runs the command line."""

from .cli import main

main()
