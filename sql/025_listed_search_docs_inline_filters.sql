-- The filter columns of listed_search_docs stay in the row (issue 22, BENCHMARKS.md "Search at scale").
-- sql/024 set toast_tuple_target = 128 so the document goes out of line; but the toaster then keeps
-- moving the largest value left until the row fits 128 bytes, and language_subtags (~30 bytes)
-- went out too: a count filtered by language fetched it from TOAST for every match (4 more buffers
-- a row: 6,251 instead of 926 for `tax` with country DE and language en at 100k experts). Storage
-- `main` keeps a value in the row unless the row passes ~8 KB (these are a few dozen bytes), so only
-- the document (and the compressed filler, never read) go out of line.
alter table listed_search_docs
  alter column country_code set storage main,
  alter column city set storage main,
  alter column language_subtags set storage main;

-- The storage applies to rows written from now on: the rows already there are written again, as
-- sql/024 first wrote them (the index built after the rows, which is faster than row by row).
drop index listed_search_docs_doc;
truncate listed_search_docs;
insert into listed_search_docs (id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc)
  select id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc
  from experts where is_public and is_verified;
create index listed_search_docs_doc on listed_search_docs using gin (search_doc);
analyze listed_search_docs;
