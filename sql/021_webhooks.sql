-- Webhooks for agents (issue 21): an API key may name one https URL that hears every change of
-- its inquiries' status. The events are written by a trigger in the transaction that changes the
-- status, so none is lost between "changed" and "told", and sent by one sender at a time through
-- the same claim-and-lease scheme as the e-mail outbox (src/webhooks/outbox.ts).
create table webhooks (
  api_key_id   uuid primary key references api_keys (id) on delete cascade,
  url          text not null check (char_length(url) between 8 and 2048),
  -- Kept as-is, not hashed: it must sign every event (SECURITY.md says why not encrypted).
  secret       text not null,
  -- After a rotation the old secret signs beside the new one until this time (24 hours).
  previous_secret            text,
  previous_secret_expires_at timestamptz,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);

-- One row per event: the payload is fixed when the status changes, so every retry sends the
-- same body with the same id (the receiver deduplicates by it). Kept after delivery so the
-- dashboard can show the last ones; pruned after 30 days by the sender.
create table webhook_events (
  id               uuid primary key default gen_random_uuid(),
  api_key_id       uuid not null references api_keys (id) on delete cascade,
  type             text not null check (type in ('inquiry.delivered', 'inquiry.acknowledged', 'inquiry.declined', 'inquiry.expired')),
  data             jsonb not null,
  created_at       timestamptz not null default now(),
  -- when the row may next be tried; a claim pushes it ahead by a lease (as outbox.next_attempt_at)
  next_attempt_at  timestamptz not null default now(),
  attempts         int not null default 0,
  last_attempt_at  timestamptz,
  last_status_code int,
  last_error       text,
  delivered_at     timestamptz,
  -- set when retries stop: 24 hours after created_at, or the key's webhook was removed or the key revoked
  failed_at        timestamptz
);
create index webhook_events_due on webhook_events (next_attempt_at) where delivered_at is null and failed_at is null;
create index webhook_events_by_key on webhook_events (api_key_id, created_at desc);

-- Every status change of an inquiry whose key has a webhook (and is not revoked) becomes an event; every change (with
-- or without one) is notified on `inquiry_status` as "<inquiry id> <status>", which wakes the
-- sender and tells MCP sessions (src/mcp/inquiry-updates.ts). A NOTIFY is sent at commit only.
create or replace function inquiry_status_changed() returns trigger language plpgsql as $$
declare
  expert_slug text;
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  if new.status <> 'pending' and new.api_key_id is not null
     and exists (select 1 from webhooks w join api_keys k on k.id = w.api_key_id
                 where w.api_key_id = new.api_key_id and k.revoked_at is null) then
    select slug into expert_slug from experts where id = new.expert_id;
    insert into webhook_events (api_key_id, type, data)
    values (new.api_key_id, 'inquiry.' || new.status, jsonb_build_object(
      'inquiry_id', new.id,
      'status', new.status,
      'status_changed_at', to_char(new.status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'decline_reason', new.decline_reason,
      'expert_slug', expert_slug,
      'created_at', to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  end if;
  perform pg_notify('inquiry_status', new.id::text || ' ' || new.status);
  return null;
end $$;

-- A change of status that did not say when is dated now, so the event's status_changed_at is true.
create or replace function inquiry_status_dated() returns trigger language plpgsql as $$
begin
  if new.status is distinct from old.status and new.status_changed_at is not distinct from old.status_changed_at then
    new.status_changed_at := now();
  end if;
  return new;
end $$;

create trigger inquiry_status_dated before update of status on inquiries
  for each row execute function inquiry_status_dated();

create trigger inquiry_status_changed after update of status on inquiries
  for each row execute function inquiry_status_changed();
