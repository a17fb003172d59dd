-- The 5-inquiries-per-24h limit and the cap on key creations count per ACCOUNT: an account could
-- otherwise revoke and create keys to send any number of inquiries to one expert. Both look up an
-- account's keys, revoked ones included, by user and age.
create index api_keys_by_user on api_keys (user_id, created_at);
