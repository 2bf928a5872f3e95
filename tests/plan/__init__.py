"""Tests of the plan IR (issue 2). ``tests.plan.strategies`` holds reusable hypothesis strategies."""
