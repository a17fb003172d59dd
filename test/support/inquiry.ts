/** A valid inquiry for `expertSlug`, as an agent would send it; override any field. */
export function inquiryFor(expertSlug: string, overrides: Record<string, unknown> = {}) {
  return {
    expert_slug: expertSlug,
    requester_name: "Alex Morgan",
    requester_email: "alex.morgan@example.com",
    message: "I moved to Seoul in March and work remotely. Which country do I file taxes in this year?",
    context: { timezone: "America/New_York", budget_usd: 300 },
    ...overrides,
  };
}
