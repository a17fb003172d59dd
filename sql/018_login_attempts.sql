-- The log-in throttle's counters (src/accounts/attempts-postgres.ts) when no Redis is configured:
-- one fixed window per (scope, key), shared by every worker and every instance on this database,
-- so "10 failures per account" is 10 whatever the number of processes. A take is one
-- `insert … on conflict do update … where` statement: the row lock orders concurrent attempts.
create table login_attempts (
  scope       text not null,        -- 'address' or 'account'
  key         text not null,        -- sha256 hex of the client address or the e-mail address
  count       integer not null,     -- attempts counted in the window (successes are given back)
  window_ends timestamptz not null, -- the window and its count end here; the row is then swept
  primary key (scope, key)
);
create index login_attempts_by_window_end on login_attempts (window_ends);
