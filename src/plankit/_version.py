"""The single source of plankit's version string."""

__version__ = "0.1.0"
