-- The shared channel (src/db/channel.ts): what every process must hear travels over LISTEN/NOTIFY.
--
-- 1. Every bump of the directory version is also announced on `directory_version`, with the new
--    number as payload. pg_notify inside the writing transaction is delivered only when it
--    commits, so a process never hears of a version whose rows it cannot read yet.
create or replace function bump_directory_version() returns trigger language plpgsql as $$
declare bumped bigint;
begin
  update directory_version set version = version + 1 returning version into bumped;
  perform pg_notify('directory_version', bumped::text);
  return null;
end $$;

-- The search vocabulary's version likewise, on `search_vocabulary` (src/search/vocabulary-store.ts).
create or replace function bump_search_vocabulary_version() returns trigger language plpgsql as $$
declare bumped bigint;
begin
  update search_vocabulary_state set version = version + 1 returning version into bumped;
  perform pg_notify('search_vocabulary', bumped::text);
  return null;
end $$;

-- 2. Legacy SSE streams (/api/sse), so any process of any instance can tell a live session from an
--    unknown one and relay a POSTed message to the process holding the stream (src/mcp/sse-relay.ts).
--    holder_pid is the backend pid of the holder's listening connection: when that process dies,
--    its connection (and so the pid in pg_stat_activity) goes with it. Null on the embedded
--    database, where the one process holds every stream.
create table legacy_sse_streams (
  id_hash    text primary key,                  -- sha256 hex of the sessionId
  holder_pid integer,
  created_at timestamptz not null default now()
);

-- Messages too large for a NOTIFY payload (8,000 bytes): written here, their id notified, and
-- deleted by the holder as it takes them.
create table legacy_sse_messages (
  id         bigserial primary key,
  id_hash    text not null,
  body       text not null,
  created_at timestamptz not null default now()
);
