-- Whether the directory has ever been filled (the demo seed, `seed --demo` or an `import`), written
-- in the same transaction as the experts it stands for. The first start seeds the demo exactly when
-- this row is missing, so a start killed at any point either seeded everything or seeds next time.
create table directory_filled (
  singleton boolean primary key default true check (singleton),
  how       text not null check (how in ('demo', 'import', 'existing')),
  filled_at timestamptz not null default now()
);
-- A directory that already holds experts was filled before this marker existed.
insert into directory_filled (how) select 'existing' where exists (select 1 from experts);
