# Support-agent rules that need more than the YAML policy can say.
#   plankit lint examples/refund.json --policy examples/policy.yaml --policy examples/policies/support.rego
# Input: the canonical plan JSON (input.steps[i].tool, .params, .metadata; input.context).
# Output: data.plankit.violations, a set of {code, msg, step} (optional: severity, hint).
package plankit

import rego.v1

money_tools := {"payments.refund", "payments.transfer"}

# Every plan that moves money names the support ticket it answers, for the audit trail.
violations contains v if {
	some i, step in input.steps
	step.tool in money_tools
	not input.context.ticket_id
	v := {
		"code": "AUDIT_TICKET_MISSING",
		"msg": sprintf("step %s moves money but the plan's context has no ticket_id", [step.id]),
		"step": i,
		"hint": "add context.ticket_id: the support ticket this plan answers",
	}
}

# A refund carries a reason the customer will see.
violations contains v if {
	some i, step in input.steps
	step.tool == "payments.refund"
	not step.params.reason
	v := {
		"code": "REFUND_REASON_MISSING",
		"msg": sprintf("refund %s gives the customer no reason", [step.id]),
		"step": i,
	}
}

# A refund of a fixed amount above 250 needs a second person's approval on record.
violations contains v if {
	some i, step in input.steps
	step.tool == "payments.refund"
	is_number(step.params.amount)
	step.params.amount > 250
	not step.metadata.approved_by
	v := {
		"code": "REFUND_NEEDS_APPROVAL",
		"msg": sprintf("refund %s of %v needs an approver", [step.id, step.params.amount]),
		"step": i,
		"severity": "warning",
		"hint": "set metadata.approved_by to the approving agent",
	}
}
