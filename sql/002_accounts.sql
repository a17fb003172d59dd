-- Account holders, their browser sessions and their API keys. Secrets are stored only as SHA-256
-- hashes: a session token or API key is 190+ random bits, so a fast hash is enough (no
-- dictionary to attack), and a leaked table gives nobody a usable credential.
create table users (
  id            uuid primary key default gen_random_uuid(),
  email         text not null unique,            -- normalised: trimmed, lower case
  password_hash text not null,                   -- Bun.password (argon2id)
  created_at    timestamptz not null default now()
);

create table sessions (
  token_hash text primary key,                   -- sha256 hex of the cookie's token
  user_id    uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null                -- sliding: pushed forward on use
);
create index sessions_by_user on sessions (user_id);
create index sessions_by_expiry on sessions (expires_at);

create table api_keys (
  id           uuid primary key default gen_random_uuid(),
  user_id      uuid not null references users (id) on delete cascade,
  name         text not null check (char_length(name) between 1 and 100),
  key_hash     text not null unique,             -- sha256 hex of the whole key; lookups go through it
  key_prefix   text not null check (char_length(key_prefix) = 12),
  created_at   timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);
create index api_keys_active_by_user on api_keys (user_id, created_at) where revoked_at is null;
