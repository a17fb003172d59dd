-- Search by meaning (src/search/): a weighted full-text document per expert, the words seen in
-- documents and in the vocabulary (for typo correction), and the vocabulary itself.

-- The expert's searchable words and concept tokens ('cat:legal', 'lang:ja', 'city:fr:lyon'),
-- built by src/search/document.ts with weights A (name, primary category) B (titles, tags,
-- subcategories) C (other categories, taglines, services, place, languages) D (bios). search_doc_version says which version of the
-- builder wrote it; the server rebuilds older ones at start (src/search/reindex.ts).
alter table experts add column search_doc tsvector not null default ''::tsvector;
alter table experts add column search_doc_version int not null default 0;
create index experts_search_doc on experts using gin (search_doc) where is_public and is_verified;
create index experts_search_doc_stale on experts (search_doc_version);

-- Every word (Latin script, 3+ letters) of any document or vocabulary term: a misspelt query
-- word is corrected to its nearest neighbours here (trigram similarity, then edit distance).
create table search_lexicon (
  word text primary key
);
create index search_lexicon_trgm on search_lexicon using gin (word gin_trgm_ops);

-- Synonyms, translations, places, languages and stop words, per locale (src/search/vocabulary/).
-- source 'builtin' rows are replaced when the executable ships a new vocabulary; 'operator'
-- rows (the `vocabulary import` command) are the operator's own and are kept.
create table search_vocabulary (
  locale text not null check (locale in ('en', 'ko', 'ja', 'zh', 'fr', 'de')),
  kind   text not null check (kind in ('category', 'subcategory', 'language', 'country', 'city', 'synonym', 'stop')),
  key    text not null,
  term   text not null check (length(term) between 1 and 200),
  source text not null default 'builtin' check (source in ('builtin', 'operator')),
  primary key (locale, kind, key, term, source)
);

-- Which shipped vocabulary is loaded (a hash of its files), and a number that changes on any
-- vocabulary write, so every server process reloads its copy.
create table search_vocabulary_state (
  singleton     boolean primary key default true check (singleton),
  builtin_hash  text   not null default '',
  version       bigint not null default 1
);
insert into search_vocabulary_state default values;

create function bump_search_vocabulary_version() returns trigger language plpgsql as $$
begin
  update search_vocabulary_state set version = version + 1;
  return null;
end $$;

create trigger search_vocabulary_bump_version after insert or update or delete or truncate on search_vocabulary
  for each statement execute function bump_search_vocabulary_version();
