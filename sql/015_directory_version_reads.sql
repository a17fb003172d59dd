-- The profile and availability answers also read services, the weekly schedule and
-- subcategories. With their writes bumping the directory version too, an unchanged version means
-- unchanged answers, so a conditional request is answered 304 after reading the version alone
-- (src/http/revalidation.ts). Statement triggers, as in 005: one bump per statement, however many rows.
do $$
declare t text;
begin
  foreach t in array array['services', 'schedule_slots', 'expert_subcategories'] loop
    execute format('create trigger %I after insert or update or delete or truncate on %I
                    for each statement execute function bump_directory_version()', t || '_bump_version', t);
  end loop;
end $$;
