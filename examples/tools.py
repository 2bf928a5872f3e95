"""Tools for the bundled examples (``plankit run examples/payout.json --tools examples/tools.py``).

Everything here is a stand-in that runs offline and answers the same way every time: an invoice book, a
ledger, a payment provider and a mail server. The payment provider shows the one habit every real tool with
a side effect needs: it keys the effect on ``ctx.idempotency_key``, which is the same on every retry of
the step and when a crashed run is resumed, so a transfer happens once however often it is attempted.
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from plankit.errors import UserError
from plankit.tools import ToolContext, tool

INVOICES: dict[str, dict[str, Any]] = {
    "INV-1042": {
        "id": "INV-1042",
        "payee": "acme-design",
        "email": "billing@acme-design.example",
        "amount": 1250.0,
        "currency": "EUR",
    },
}
BALANCES = {"operating": {"available": 48_200.0, "currency": "EUR"}}

TRANSFERS: dict[str, dict[str, Any]] = {}
"""The fake provider's books, by idempotency key (in memory: one process)."""


@tool("invoices.get", read_only=True)
def get_invoice(invoice_id: str) -> dict[str, Any]:
    """Look an invoice up by id."""
    try:
        return dict(INVOICES[invoice_id])
    except KeyError:
        raise UserError(f"no invoice {invoice_id!r}") from None


@tool("ledger.balance", read_only=True)
async def balance(account: str) -> dict[str, Any]:
    """The available balance of a ledger account."""
    await asyncio.sleep(0.05)  # a network round trip
    if account not in BALANCES:
        raise UserError(f"no account {account!r}")
    return dict(BALANCES[account])


@tool("payments.transfer")
async def transfer(to: str, amount: float, currency: str, ctx: ToolContext) -> dict[str, Any]:
    """Send money. Idempotent: a second call with the same idempotency key returns the first transfer."""
    await asyncio.sleep(0.1)
    if amount <= 0:
        raise UserError(f"amount must be positive, got {amount}")
    existing = TRANSFERS.get(ctx.idempotency_key)
    if existing is not None:
        return existing
    digest = hashlib.sha256(ctx.idempotency_key.encode()).hexdigest()[:12]
    receipt = {"transfer_id": f"tr_{digest}", "to": to, "amount": amount, "currency": currency}
    TRANSFERS[ctx.idempotency_key] = receipt
    return receipt


@tool("notify.email", sink=True)
def email(to: str, subject: str, body: str) -> dict[str, Any]:
    """Send an email (this stand-in only reports what it would send)."""
    return {"to": to, "subject": subject, "chars": len(body)}
