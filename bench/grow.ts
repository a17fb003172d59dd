import type { Pool } from "../src/db/connect.ts";

/**
 * Grows a directory to `target` experts by cloning the ones already there in SQL: each clone takes
 * a template's texts, categories, services and schedule, a name recombined from two other
 * experts, a jittered rating and its own listing date. Its search document is the template's with
 * the name's words swapped (lexemes as to_tsvector('simple') writes them, close enough for a
 * benchmark). Orders of magnitude faster than importing, so 1M experts take minutes, not an hour.
 */
export async function growDirectory(
  sql: Pool,
  target: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const [{ base }] = await sql<{ base: number }[]>`select count(*)::int as base from experts`;
  if (base >= target) return;
  const [{ last }] = await sql<{ last: string }[]>`select max(id)::text as last from experts`;
  const batch = 25_000;
  for (let from = base; from < target; from += batch) {
    const to = Math.min(from + batch, target) - 1;
    await sql.begin(async (tx) => {
      // The templates: the experts there before growing. A temporary table lives on one connection,
      // and the pool may run this batch on another (or have recycled the first one: postgres.js
      // closes connections after max_lifetime, 30-60 min), so each batch makes sure it is there.
      await tx`create temporary table if not exists grow_templates as
        select row_number() over (order by id) - 1 as n, id, name from experts where id <= ${last}::bigint`;
      // The clones and their templates, so the children can follow.
      await tx`create temporary table grow_batch (id bigint, template bigint) on commit drop`;
      await tx`
        with ins as (insert into experts (slug, name, email, avatar_url, city, state_code, country_code, timezone, lat, lng, languages,
          language_subtags, tags, years_experience, rating, review_count, is_public, is_verified, is_featured, listed_at,
          accepting_clients, availability_status, response_time_pledge, booking_buffer_minutes, ai_chat_available,
          contact_methods, starting_price_usd, search_text, search_doc, search_doc_version)
        select t.slug || '-g' || g, nm.name, 'template-' || t.id || '@grow.invalid', t.avatar_url, t.city, t.state_code,
          t.country_code, t.timezone, t.lat, t.lng, t.languages, t.language_subtags, t.tags, t.years_experience,
          case when t.rating is null then null else least(5, greatest(0, round((t.rating + ((g * 7919) % 41 - 20) / 100.0)::numeric, 2))) end,
          (t.review_count + g) % 500, g % 41 <> 0, g % 43 <> 0, false, now() - make_interval(secs => g),
          t.accepting_clients, t.availability_status, t.response_time_pledge, t.booking_buffer_minutes, t.ai_chat_available,
          t.contact_methods, t.starting_price_usd, replace(t.search_text, lower(t.name), lower(nm.name)),
          ts_delete(t.search_doc, tsvector_to_array(to_tsvector('simple', t.name)))
            || setweight(to_tsvector('simple', nm.name), 'A'),
          t.search_doc_version
        from generate_series(${from}::bigint, ${to}::bigint) g
        join grow_templates gt on gt.n = g % ${base}
        join experts t on t.id = gt.id
        cross join lateral (
          select split_part(a.name, ' ', 1) || ' ' || split_part(b.name, ' ', 2) as name
          from grow_templates a, grow_templates b
          where a.n = (g * 7) % ${base} and b.n = (g * 13) % ${base}
        ) nm
        returning id, email)
        insert into grow_batch select id, substring(email from 'template-([0-9]+)@')::bigint from ins`;
      await tx`insert into expert_categories select b.id, c.category_slug, c.position from grow_batch b join expert_categories c on c.expert_id = b.template`;
      await tx`insert into expert_subcategories select b.id, c.subcategory_slug, c.position from grow_batch b join expert_subcategories c on c.expert_id = b.template`;
      await tx`insert into expert_translations select b.id, t.locale, t.title, t.tagline, t.bio from grow_batch b join expert_translations t on t.expert_id = b.template`;
      await tx`insert into services select s.id, b.id, s.position, s.title, s.description, s.price_usd, s.price_type, s.duration_minutes from grow_batch b join services s on s.expert_id = b.template`;
      await tx`insert into schedule_slots select b.id, s.day_of_week, s.start_time, s.end_time from grow_batch b join schedule_slots s on s.expert_id = b.template`;
    });
    onProgress?.(to + 1, target);
  }
}
