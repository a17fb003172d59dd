-- The one-click links of an inquiry e-mail (issue 21): "I'll reply", "Decline", "Stop sending me
-- inquiries" (also the List-Unsubscribe URL). Only the SHA-256 of each random token is kept, bound
-- to its inquiry and action; a token works once (`used_at`) and until `expires_at`.
create table inquiry_action_tokens (
  token_hash  text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  inquiry_id  uuid not null references inquiries (id) on delete cascade,
  action      text not null check (action in ('acknowledge', 'decline', 'opt_out')),
  expires_at  timestamptz not null,
  used_at     timestamptz,
  created_at  timestamptz not null default now(),
  unique (inquiry_id, action)
);
-- Past their expiry they only wait to be dropped.
create index inquiry_action_tokens_by_expiry on inquiry_action_tokens (expires_at);
