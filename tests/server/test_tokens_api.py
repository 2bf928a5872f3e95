"""Admins manage tokens over the API; a revoked token stops working at once; others get 403."""

from __future__ import annotations

from pathlib import Path

from .harness import live_server


def test_an_admin_makes_lists_and_revokes_tokens(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        root = server.client("root")
        made = root.post("/api/v1/tokens", json={"user": "dee", "role": "viewer"})
        assert made.status_code == 201
        record = made.json()
        assert (record["user"], record["role"], record["revoked_at"]) == ("dee", "viewer", None)
        token = record["token"]
        dee = server.client(headers={"Authorization": f"Bearer {token}"})
        assert dee.get("/api/v1/me").json() == {"user": "dee", "role": "viewer", "token_id": record["id"]}

        listed = root.get("/api/v1/tokens").json()
        assert [(t["user"], t["role"]) for t in listed] == [
            ("ann", "operator"),
            ("bob", "operator"),
            ("vic", "viewer"),
            ("root", "admin"),
            ("dee", "viewer"),
        ]
        assert all(set(t) == {"id", "user", "role", "created_at", "revoked_at"} for t in listed)

        assert root.delete(f"/api/v1/tokens/{record['id']}").status_code == 204
        assert dee.get("/api/v1/me").status_code == 401
        again = root.delete(f"/api/v1/tokens/{record['id']}")
        assert (again.status_code, again.json()["error"]["message"]) == (404, f"no active token {record['id']!r}")

        for user in ("ann", "vic"):
            assert server.client(user).get("/api/v1/tokens").status_code == 403
        bad = root.post("/api/v1/tokens", json={"user": " ", "role": "god"})
        assert [p["path"] for p in bad.json()["error"]["details"]["problems"]] == ["$.user", "$.role"]
