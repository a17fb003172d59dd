-- Inquiries agents send to experts, the outbox that carries their e-mails, and the remembered
-- responses that make a retried POST with the same Idempotency-Key safe.
create table inquiries (
  id              uuid primary key default gen_random_uuid(),
  -- null only once the key's account is deleted; the inquiry and its e-mail stay
  api_key_id      uuid references api_keys (id) on delete set null,
  expert_id       bigint not null references experts (id) on delete cascade,
  requester_name  text not null check (char_length(requester_name) between 1 and 200),
  requester_email text not null check (char_length(requester_email) between 3 and 254),
  message         text not null check (char_length(message) between 1 and 2000),
  context         jsonb,
  status          text not null default 'pending' check (status in ('pending')),
  created_at      timestamptz not null default now()
);
-- The 5-per-24-hours limit counts one key's inquiries to one expert in a time window.
create index inquiries_by_key_expert on inquiries (api_key_id, expert_id, created_at);

-- Written in the inquiry's own transaction, so a message is never lost between "recorded" and
-- "sent". `message` is the rendered e-mail ({to, replyTo, subject, text, html}); the sender
-- address comes from MAIL_FROM at send time.
create table outbox (
  id              bigint generated always as identity primary key,
  inquiry_id      uuid references inquiries (id) on delete cascade,
  message         jsonb not null,
  -- when the row may next be tried; a sender claiming a row pushes it ahead by a lease, so
  -- nobody else sends it meanwhile and a crashed sender's row comes back after the lease
  next_attempt_at timestamptz not null default now(),
  attempts        int not null default 0,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz not null default now()
);
create index outbox_pending on outbox (next_attempt_at) where sent_at is null;

-- The first 201 answer to (API key, Idempotency-Key), replayed for 24 hours. The row is inserted
-- first thing in the inquiry's transaction and completed before it commits, so the primary key
-- makes a concurrent duplicate wait for the first request and then replay its answer.
create table idempotency_records (
  api_key_id      uuid not null references api_keys (id) on delete cascade,
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
  request_hash    text not null,                 -- sha256 hex of the canonical JSON body
  response_status int,                           -- null only inside the creating transaction
  response_body   jsonb,
  created_at      timestamptz not null default now(),
  primary key (api_key_id, idempotency_key)
);
create index idempotency_records_by_age on idempotency_records (created_at);
