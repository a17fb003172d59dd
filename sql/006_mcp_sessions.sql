-- MCP Streamable HTTP sessions (/api/mcp). A session holds no state besides its existence, so any
-- instance behind a load balancer can answer any request of it: it only checks this row.
create table mcp_sessions (
  id_hash      text primary key,                 -- sha256 hex of the Mcp-Session-Id
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now() -- refreshed on use (at most every few seconds)
);
create index mcp_sessions_by_last_seen on mcp_sessions (last_seen_at);
