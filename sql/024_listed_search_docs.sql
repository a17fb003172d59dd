-- Counting a search's matches without reading the experts' wide rows (issue 22, BENCHMARKS.md).
-- A search not remembered counts its main-document matches up to 10,001 (the contract wants
-- totals exact up to 10,000). PostgreSQL 15 reads every counted match's heap row to check its
-- visibility (the all-visible skip of a bitmap scan is disabled in its minor releases), and an
-- experts row holds its document inline (sql/013: ~2 KB, ~3 rows a page), so a count of 10,000
-- read thousands of pages. This table holds, per listed (public and verified) expert, only what
-- the count filters on, with the document stored out of line: ~60 rows a page, so the same count
-- reads a few hundred. The document is only read back when the index result is lossy.
--
-- Kept by a trigger on experts, so every write (import, edit, hide or unhide, reindex, delete)
-- keeps it in step in the same transaction; the experts columns stay the source of truth.
create table listed_search_docs (
  id                 bigint primary key,
  rating             numeric(3, 2),
  country_code       text,
  city               text,
  language_subtags   text[] not null,
  accepting_clients  boolean,
  starting_price_usd numeric(12, 2),
  search_doc         tsvector not null,
  -- PostgreSQL moves values out of a row only when the row passes ~2 KB (a fixed threshold;
  -- toast_tuple_target only sets how far it then shrinks the row), and a document alone is ~1.5 KB.
  -- This compressible filler puts every written row past it: the filler compresses to a few bytes
  -- and the document goes out of line. Written fresh on every update, for the same reason.
  toast_filler       text not null default repeat(' ', 2100)
);
alter table listed_search_docs set (toast_tuple_target = 128);

create function sync_listed_search_doc() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and (tg_op = 'DELETE' or not (new.is_public and new.is_verified) or new.id <> old.id) then
    delete from listed_search_docs where id = old.id;
  end if;
  if tg_op <> 'DELETE' and new.is_public and new.is_verified then
    insert into listed_search_docs (id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc)
    values (new.id, new.rating, new.country_code, new.city, new.language_subtags, new.accepting_clients, new.starting_price_usd, new.search_doc)
    on conflict (id) do update set
      rating = excluded.rating, country_code = excluded.country_code, city = excluded.city,
      language_subtags = excluded.language_subtags, accepting_clients = excluded.accepting_clients,
      starting_price_usd = excluded.starting_price_usd, search_doc = excluded.search_doc,
      toast_filler = excluded.toast_filler
    -- An import replaces every column of a changed record: an unchanged copy is not rewritten.
    where (listed_search_docs.rating, listed_search_docs.country_code, listed_search_docs.city,
           listed_search_docs.language_subtags, listed_search_docs.accepting_clients,
           listed_search_docs.starting_price_usd, listed_search_docs.search_doc)
      is distinct from (excluded.rating, excluded.country_code, excluded.city, excluded.language_subtags,
           excluded.accepting_clients, excluded.starting_price_usd, excluded.search_doc);
  end if;
  return null;
end $$;

create trigger experts_listed_search_docs
  after insert or delete or update of id, is_public, is_verified, rating, country_code, city, language_subtags,
    accepting_clients, starting_price_usd, search_doc on experts
  for each row execute function sync_listed_search_doc();

-- A truncate of experts empties it too (no row trigger fires on a truncate).
create function truncate_listed_search_docs() returns trigger language plpgsql as $$
begin
  truncate listed_search_docs;
  return null;
end $$;
create trigger experts_truncate_listed_search_docs after truncate on experts
  for each statement execute function truncate_listed_search_docs();

insert into listed_search_docs (id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc)
  select id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc
  from experts where is_public and is_verified;
-- The name is the bulk import's (import-bulk.ts drops and rebuilds it with the experts' indexes).
create index listed_search_docs_doc on listed_search_docs using gin (search_doc);
analyze listed_search_docs;
