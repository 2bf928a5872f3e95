"""The per-token rate limit (429 with Retry-After) on a live server, and the token bucket on a fake clock."""

from __future__ import annotations

from pathlib import Path

from plankit.server import RateLimiter

from .harness import live_server


def test_the_fourth_request_in_a_frozen_minute_is_429(tmp_path: Path) -> None:
    with live_server(tmp_path, rate_limit=3, rate_clock=lambda: 100.0) as server:
        ann = server.client("ann")
        assert [ann.get("/api/v1/plans").status_code for _ in range(3)] == [200, 200, 200]
        limited = ann.get("/api/v1/plans")
        assert limited.status_code == 429
        assert limited.headers["retry-after"] == "20"
        assert limited.json() == {
            "error": {
                "code": "rate_limited",
                "message": "too many requests with this token; retry in 20 s",
                "details": {"limit_per_minute": 3},
            }
        }
        # Each token has its own bucket; /health has none.
        assert server.client("bob").get("/api/v1/plans").status_code == 200
        assert server.client().get("/health").status_code == 200


def test_the_bucket_refills_with_time() -> None:
    now = [0.0]
    limiter = RateLimiter(per_minute=60, burst=2, clock=lambda: now[0])
    assert [limiter.take("t"), limiter.take("t")] == [0.0, 0.0]
    assert limiter.take("t") == 1.0
    now[0] = 0.5
    assert limiter.take("t") == 0.5
    now[0] = 1.0
    assert limiter.take("t") == 0.0
    assert limiter.take("other") == 0.0
    assert RateLimiter(per_minute=0).take("t") == 0.0
