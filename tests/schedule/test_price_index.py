"""The price index: a price selects exactly the triggers whose verdict it could change (never misses one)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from plankit.plan import PriceTrigger
from plankit.schedule import price_verdict
from plankit.schedule._price_index import PriceIndex

NOW = datetime(2026, 6, 1, tzinfo=UTC)

_trigger = st.builds(
    PriceTrigger,
    token=st.sampled_from(["ETH", "BTC"]),
    condition=st.sampled_from(["above", "below", "crosses"]),
    threshold=st.floats(1, 10_000, allow_nan=False),
    hysteresis_percent=st.sampled_from([0.0, 1.0, 5.0]),
    cooldown_ms=st.sampled_from([0, 60_000]),
    recurring=st.just(True),
)


@st.composite
def _state(draw: st.DrawFn) -> dict[str, Any]:
    state: dict[str, Any] = {}
    if draw(st.booleans()):
        state["armed"] = draw(st.booleans())
        state["side"] = draw(st.sampled_from(["above", "below", None]))
        if draw(st.booleans()):
            state["last_fire_at"] = (NOW - timedelta(seconds=draw(st.integers(0, 120)))).isoformat()
    return state


@given(triggers=st.lists(st.tuples(_trigger, _state()), min_size=1, max_size=30), price=st.floats(0.5, 12_000))
def test_every_trigger_a_price_would_change_is_a_candidate(
    triggers: list[tuple[PriceTrigger, dict[str, Any]]], price: float
) -> None:
    index = PriceIndex()
    for number, (trigger, state) in enumerate(triggers):
        index.put(f"s{number}", trigger, state, NOW)
    selected = set(index.candidates("ETH", price, NOW)) | set(index.candidates("BTC", price, NOW))
    for number, (trigger, state) in enumerate(triggers):
        verdict = price_verdict(trigger, state, price, NOW)
        changed = verdict.fire or bool(verdict.state.get("armed", True)) != bool(state.get("armed", True))
        if changed:
            assert f"s{number}" in selected, (trigger, state, price)


def test_only_the_triggers_in_reach_are_selected_and_reindexing_moves_them() -> None:
    index = PriceIndex()
    index.put("high", PriceTrigger(token="ETH", condition="above", threshold=4000), {"armed": True}, NOW)
    index.put("low", PriceTrigger(token="ETH", condition="below", threshold=3000), {"armed": True}, NOW)
    index.put("btc", PriceTrigger(token="BTC", condition="above", threshold=1), {"armed": True}, NOW)
    assert index.candidates("ETH", 3500, NOW) == []
    assert index.candidates("ETH", 4001, NOW) == ["high"]
    assert index.candidates("ETH", 2999, NOW) == ["low"]
    fired = {"armed": False, "last_fire_at": NOW.isoformat()}
    index.put("high", PriceTrigger(token="ETH", condition="above", threshold=4000, cooldown_ms=60_000), fired, NOW)
    assert index.candidates("ETH", 3900, NOW) == []  # cooling down: out of every list
    later = NOW + timedelta(minutes=2)
    assert index.candidates("ETH", 3970, later) == []  # cooled, but 3970 is inside the 1% band (above 3960)
    assert index.candidates("ETH", 3950, later) == ["high"]  # below the band: it would re-arm
    index.remove("high")
    assert index.candidates("ETH", 3950, later) == []
    assert (len(index), index.tokens()) == (2, ["BTC", "ETH"])
