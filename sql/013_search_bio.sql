-- Bios are three quarters of a search document's words but the weakest evidence. They move to a
-- column of their own (src/search/document.ts), so the rest of the document (~1.5 KB) stays in the
-- row: finding and ranking candidates reads it without a TOAST fetch or decompression, and a bio
-- is read only when a query word is found nowhere else.
alter table experts add column search_bio tsvector not null default ''::tsvector;
create index experts_search_bio on experts using gin (search_bio) where is_public and is_verified;
-- Rows up to ~4 KB are stored whole (the default compresses or moves values out past ~2 KB).
alter table experts set (toast_tuple_target = 4080);
