-- States, provinces and territories (issue 22): "a lawyer in Texas", "Ontario", "加州" name the
-- experts' location.state_code, indexed as a `region:us:tx` token (src/search/document.ts). The
-- vocabulary gains the kind `region`, keyed `CC:code` like a city (src/search/vocabulary-file.ts).
alter table search_vocabulary drop constraint search_vocabulary_kind_check;
alter table search_vocabulary add constraint search_vocabulary_kind_check
  check (kind in ('category', 'subcategory', 'language', 'country', 'region', 'city', 'synonym', 'stop'));
