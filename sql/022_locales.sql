-- One list of locales (issue 19): the contract's `Locale` enum, read by src/locales.ts. The
-- database keeps checking locales through a foreign key to this table instead of two CHECK lists
-- that each new locale had to edit; `migrate` (src/db/migrate.ts) adds the enum's values at every
-- start, so a new locale needs no SQL. A locale is never deleted here: rows may still use it.
create table locales (
  code text primary key check (code ~ '^[a-z]{2,3}$')
);
insert into locales (code) values ('en'), ('ko'), ('ja'), ('zh'), ('fr'), ('de');

alter table expert_translations
  drop constraint expert_translations_locale_check,
  add constraint expert_translations_locale_fkey foreign key (locale) references locales (code);

alter table search_vocabulary
  drop constraint search_vocabulary_locale_check,
  add constraint search_vocabulary_locale_fkey foreign key (locale) references locales (code);
