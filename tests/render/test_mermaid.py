"""The Mermaid renderer and the condition text it uses: exact output."""

from __future__ import annotations

from pathlib import Path

import pytest

from plankit.plan import LogicCondition, load_plan, loads_plan, plan_from_data
from plankit.render import condition_text, render_mermaid

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_flat_plan_with_reference_and_explicit_edges() -> None:
    plan = plan_from_data(
        {
            "goal": 'Say "hi"',
            "steps": [
                {"id": "fetch-user", "tool": "db.query_ro", "label": "Read <user>"},
                {"id": "greet", "tool": "notify.email", "params": {"to": "{{fetch-user.email}}"}},
                {"id": "log", "tool": "echo", "depends_on": ["greet"], "require_confirmation": True},
            ],
        }
    )
    assert render_mermaid(plan) == (
        "flowchart TD\n"
        '  %% Say "hi"\n'
        '  n0["fetch-user<br/><i>db.query_ro</i><br/>Read #lt;user#gt;"]\n'
        '  n1["greet<br/><i>notify.email</i>"]\n'
        '  n2["log ✋<br/><i>echo</i>"]\n'
        "  n0 -.->|ref| n1\n"
        "  n1 --> n2\n"
    )


def test_tree_example_renders_subgraphs_branches_and_handlers() -> None:
    text = render_mermaid(load_plan(EXAMPLES / "eth-sell-bridge.json"))
    assert text == (
        "flowchart TD\n"
        "  %% Sell half my ETH above $4000 at 5pm, then bridge to Arbitrum\n"
        '  subgraph n0["main (sequence): Check price, sell, bridge"]\n'
        '    n1["balance<br/><i>wallet.balance</i><br/>Read ETH balance"]\n'
        '    subgraph n2["above-4000 (if): ETH above $4000?"]\n'
        '      n2_cond{"ETH price #gt; $4000"}\n'
        '      subgraph n3["sell-and-bridge (sequence)"]\n'
        '        n4["sell-half ✋<br/><i>defi_swap</i><br/>Sell half the ETH for USDC"]\n'
        '        n5["tell-swap-failed<br/><i>notify.push</i>"]\n'
        '        n6["bridge ✋<br/><i>bridge.transfer</i><br/>Bridge the USDC to Arbitrum"]\n'
        "      end\n"
        '      n7["tell-no-sale<br/><i>notify.push</i>"]\n'
        "    end\n"
        "  end\n"
        "  n1 --> n2\n"
        "  n4 --> n6\n"
        "  n2_cond -->|then| n3\n"
        "  n2_cond -->|else| n7\n"
        "  n4 -.->|on error| n5\n"
    )


def test_loop_wait_and_llm_shapes() -> None:
    plan = loads_plan("""
steps:
  - type: loop
    id: poll
    max_iterations: 5
    exit_when: {left: "{{check.done}}", op: eq, right: true}
    body:
      type: sequence
      id: round
      steps:
        - {type: wait, id: pause, duration_ms: 1000}
        - {id: check, tool: job.status}
  - {id: explain, prompt: "Explain {{check.result}}", depends_on: [poll]}
""")
    assert render_mermaid(plan, direction="LR") == (
        "flowchart LR\n"
        '  subgraph n0["poll (loop ×5 until check.done == true)"]\n'
        '    subgraph n1["round (sequence)"]\n'
        '      n2{{"pause<br/>wait 1000 ms"}}\n'
        '      n3["check<br/><i>job.status</i>"]\n'
        "    end\n"
        "  end\n"
        '  n4("explain<br/><i>llm</i>")\n'
        "  n2 --> n3\n"
        "  n0 --> n4\n"
    )


def test_unknown_direction_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown direction 'UP'"):
        render_mermaid(plan_from_data({"steps": []}), direction="UP")


def test_condition_text_of_nested_logic() -> None:
    plan = plan_from_data(
        {
            "steps": [
                {
                    "type": "if",
                    "id": "gate",
                    "condition": {
                        "type": "logic",
                        "op": "and",
                        "conditions": [
                            {
                                "left": {
                                    "type": "runtime",
                                    "fn": "price",
                                    "args": [{"type": "literal", "value": "ETH"}],
                                },
                                "op": "gte",
                                "right": 4000,
                            },
                            {
                                "type": "logic",
                                "op": "not",
                                "conditions": [{"left": "{{env.PAUSED}}", "op": "eq", "right": True}],
                            },
                            {"left": {"type": "env", "key": "MODE"}, "op": "neq", "right": None},
                        ],
                    },
                    "then": {"id": "go", "tool": "echo"},
                }
            ]
        }
    )
    condition = plan.steps[0].condition  # type: ignore[union-attr]
    assert isinstance(condition, LogicCondition)
    assert condition_text(condition) == (
        "(price('ETH') >= 4000) and (not (env.PAUSED == true)) and (env.MODE != null)"
    )
