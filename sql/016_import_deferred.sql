-- What a bulk import took down to load faster (the GIN search indexes on experts, the foreign keys
-- of an expert's child rows), each with the statement that puts it back, written in the same
-- transaction as the drop. The import puts everything back when it ends; if it was killed, the
-- next import, `migrate` or server start does (src/search/reindex.ts), so the directory never stays
-- without them. Meanwhile searches read the table without those indexes: the same answers, slower.
create table import_deferred (
  name        text primary key,
  kind        text not null check (kind in ('index', 'foreign key')),
  -- run before `restore`: for a foreign key, deletes the child rows whose expert was deleted while
  -- the constraint was down (what its ON DELETE CASCADE would have done)
  prepare     text,
  restore     text not null,
  deferred_at timestamptz not null default now()
);
