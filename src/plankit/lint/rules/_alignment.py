"""Goal alignment (the ``GOAL_*`` codes): steps the goal never asked for.

An agent that read attacker-written text (an email, a web page, a review, a file) can write a plan whose
user steps are fine plus a few nobody asked for: a transfer to an account no one mentioned, a mail to an outside
address, a deleted file, a changed password, a shared link. The tools are allowed, so a tool policy can't see
them; the relation between the goal and the step can. Effects, intent and trusted values are read by
:mod:`plankit.lint._effects`, the provenance of step-output references by :mod:`plankit.lint._provenance`.
The family runs only on plans that state a ``goal`` (without one there is nothing to align with) and follows
the policy's ``goal_alignment`` switch: ``off``, ``warn`` (the default) or ``error``.

Importing this module registers the family's three rules, in this order (each in its own module):

* ``GOAL_UNASKED_EFFECT`` (:mod:`._alignment_unasked`, what the goal asks of an action in
  :mod:`._alignment_intent`);
* ``GOAL_UNTRUSTED_TARGET`` (:mod:`._alignment_targets`, the targets the plan's own work explains in
  :mod:`._alignment_records`);
* ``GOAL_TAINTED_TARGET`` (:mod:`._alignment_taint`).

What they share is in :mod:`._alignment_common` (the gates, the literal targets of a step, the shapes of
references) and :mod:`._alignment_amounts` (when a send's or a payment's targets, amounts included, are trusted).
"""

from __future__ import annotations

# isort: off
# Imported in the order the rules were registered when they lived in this one module (the registry keeps it).
from ._alignment_unasked import side_effect_not_in_goal
from ._alignment_targets import target_not_from_goal
from ._alignment_taint import target_from_untrusted_content

# isort: on

__all__ = ["side_effect_not_in_goal", "target_from_untrusted_content", "target_not_from_goal"]
