-- What each expert's last import record was (a hash of it, src/experts/import-rows.ts): importing
-- the same record again leaves the expert untouched, so re-running an import changes nothing.
alter table experts add column import_digest text;
