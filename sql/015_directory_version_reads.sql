-- The profile and availability answers also read services, the weekly schedule and
-- subcategories. With their writes bumping the directory version too, an unchanged version means
-- unchanged answers, so a conditional request is answered 304 after reading the version alone
-- (src/http/revalidation.ts). Statement triggers: one bump per statement, however many rows.
create trigger services_bump_version after insert or update or delete or truncate on services
  for each statement execute function bump_directory_version();
create trigger schedule_slots_bump_version after insert or update or delete or truncate on schedule_slots
  for each statement execute function bump_directory_version();
create trigger expert_subcategories_bump_version after insert or update or delete or truncate on expert_subcategories
  for each statement execute function bump_directory_version();
