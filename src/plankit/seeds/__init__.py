"""Compatible faces: the documented models of other planning systems, as thin layers over plankit's IR.

``plankit.seeds.stepchain`` offers stepchain's ``Step``, ``Plan``, ``StepResult``, ``StepStatus`` and
``ErrorType``; ``plankit.seeds.planlint`` offers plan-lint's ``Plan`` and ``PlanStep`` (with its validation
names). Import the names from there (each face keeps its own namespace, since the systems reuse names like
``Plan``).
"""

from . import planlint, stepchain

__all__ = ["planlint", "stepchain"]
