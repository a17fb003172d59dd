-- The best-rated matches of a search without visiting every match (issue 22, BENCHMARKS.md).
-- A relevance search scores the best-rated few hundred experts matching its words; finding them
-- took every match's row from the heap to read its rating (8,900 rows for "tax accountant" at 100k
-- experts, ~13 ms of CPU, most of the search). The document index now also holds each expert's
-- rating as one band lexeme (`r:97` = 4.85–4.89, steps of 0.05; `r:none` without a rating), so
-- one index scan intersects the words with the top bands (statement.ts `ratedBand`) and only
-- their rows are read. Same index name: the bulk import's drop-and-rebuild (import-bulk.ts) keeps
-- working, and a search on the words alone uses its first column as before.
create function expert_rating_band(rating numeric) returns tsvector
  language sql immutable parallel safe
  return array_to_tsvector(array[case when rating is null then 'r:none' else 'r:' || floor(rating * 20)::int end]);

drop index experts_search_doc;
create index experts_search_doc on experts using gin (search_doc, expert_rating_band(rating)) where is_public and is_verified;
