-- An inquiry's life after it is stored (issue 21): pending (stored) → delivered (the SMTP server
-- took the e-mail) → acknowledged (the expert will reply) | declined (optional short reason) |
-- expired (nobody acted within INQUIRY_EXPIRY_DAYS). `status_changed_at` is when it last moved;
-- webhooks and MCP resource notifications follow changes of `status`.
alter table inquiries drop constraint if exists inquiries_status_check;
alter table inquiries add constraint inquiries_status_check
  check (status in ('pending', 'delivered', 'acknowledged', 'declined', 'expired'));
alter table inquiries add column status_changed_at timestamptz;
update inquiries set status_changed_at = created_at where status_changed_at is null;
alter table inquiries alter column status_changed_at set default now();
alter table inquiries alter column status_changed_at set not null;
alter table inquiries add column decline_reason text
  check (decline_reason is null or char_length(decline_reason) between 1 and 500);
-- Inquiries still waiting for the expert, oldest first: what the expiry sweep reads.
create index inquiries_open_by_age on inquiries (created_at) where status in ('pending', 'delivered');
