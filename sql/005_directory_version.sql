-- A number that changes whenever anything a search filters on changes. Search caches its exact
-- `total` per filter set under this number, so paging through a broad search counts once, and a
-- write (import, edit by hand, anything) makes every cached total stale at once, in every instance.
create table directory_version (
  singleton boolean primary key default true check (singleton),
  version   bigint  not null
);
insert into directory_version (version) values (1);

create function bump_directory_version() returns trigger language plpgsql as $$
begin
  update directory_version set version = version + 1;
  return null;
end $$;

create trigger experts_bump_version after insert or update or delete or truncate on experts
  for each statement execute function bump_directory_version();
create trigger expert_categories_bump_version after insert or update or delete or truncate on expert_categories
  for each statement execute function bump_directory_version();
create trigger expert_translations_bump_version after insert or update or delete or truncate on expert_translations
  for each statement execute function bump_directory_version();
