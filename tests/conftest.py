"""Shared test settings.

Hypothesis runs under the ``ci`` profile by default: derandomized and without an example database (the
same examples on every run and every machine, so a failure reproduces anywhere), no per-example deadline
(a 2-core CI machine has noisy timings), and a modest number of examples so the whole suite stays fast.
``HYPOTHESIS_PROFILE=dev`` explores more, with fresh random examples each run.
"""

from __future__ import annotations

import contextlib
import os
import warnings

import pytest
from hypothesis import HealthCheck, settings

from tests import _postgres, _temporal

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    database=None,
    max_examples=60,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# When a property fails, Hypothesis's pytest plugin imports its patch writer, which imports libcst, whose
# import warns (DeprecationWarning from mypy_extensions). Under ``-W error`` that warning would replace the
# failure report with an INTERNALERROR, so the module is imported here once, with that warning silenced.
with warnings.catch_warnings(), contextlib.suppress(ImportError):
    warnings.simplefilter("ignore", DeprecationWarning)
    import hypothesis.extra._patching  # noqa: F401


@pytest.fixture(scope="session")
def postgres_dsn() -> str:
    """A PostgreSQL server for the whole session, started on first use (see ``tests/_postgres.py``)."""
    return _postgres.shared_dsn()


@pytest.fixture(scope="session")
def temporal_address() -> str:
    """A Temporal dev server for the whole session, started on first use (see ``tests/_temporal.py``)."""
    return _temporal.shared_address()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _postgres.stop_shared()
    _temporal.stop_shared()
