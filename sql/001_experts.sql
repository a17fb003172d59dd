-- The directory: experts, their per-locale texts, categories, services, weekly schedule.
create extension if not exists pg_trgm;

create table categories (
  slug     text primary key,
  name     text not null,
  position int  not null
);

insert into categories (slug, name, position) values
  ('legal', 'Legal', 1),
  ('accounting', 'Accounting', 2),
  ('tax-advisory', 'Tax advisory', 3),
  ('business-consulting', 'Business consulting', 4),
  ('finance', 'Finance', 5),
  ('marketing', 'Marketing', 6),
  ('technology', 'Technology', 7),
  ('immigration', 'Immigration', 8),
  ('healthcare', 'Healthcare', 9),
  ('human-resources', 'Human resources', 10),
  ('intellectual-property', 'Intellectual property', 11),
  ('real-estate', 'Real estate', 12),
  ('english-tutor', 'English tutor', 13),
  ('language-tutor', 'Language tutor', 14),
  ('professional-instructor', 'Professional instructor', 15);

create table subcategories (
  slug          text primary key,
  category_slug text not null references categories (slug),
  name          text not null
);

insert into subcategories (slug, category_slug, name) values
  ('contract-law', 'legal', 'Contract law'),
  ('family-law', 'legal', 'Family law'),
  ('employment-law', 'legal', 'Employment law'),
  ('corporate-law', 'legal', 'Corporate law'),
  ('bookkeeping', 'accounting', 'Bookkeeping'),
  ('audit', 'accounting', 'Audit'),
  ('financial-statements', 'accounting', 'Financial statements'),
  ('personal-tax', 'tax-advisory', 'Personal tax'),
  ('corporate-tax', 'tax-advisory', 'Corporate tax'),
  ('international-tax', 'tax-advisory', 'International tax'),
  ('strategy', 'business-consulting', 'Strategy'),
  ('operations', 'business-consulting', 'Operations'),
  ('startups', 'business-consulting', 'Startups'),
  ('financial-planning', 'finance', 'Financial planning'),
  ('investment', 'finance', 'Investment'),
  ('fundraising', 'finance', 'Fundraising'),
  ('digital-marketing', 'marketing', 'Digital marketing'),
  ('branding', 'marketing', 'Branding'),
  ('seo', 'marketing', 'SEO'),
  ('software-architecture', 'technology', 'Software architecture'),
  ('cloud', 'technology', 'Cloud infrastructure'),
  ('cybersecurity', 'technology', 'Cybersecurity'),
  ('data-ai', 'technology', 'Data and AI'),
  ('work-visas', 'immigration', 'Work visas'),
  ('family-immigration', 'immigration', 'Family immigration'),
  ('citizenship', 'immigration', 'Citizenship'),
  ('nutrition', 'healthcare', 'Nutrition'),
  ('mental-health', 'healthcare', 'Mental health'),
  ('physiotherapy', 'healthcare', 'Physiotherapy'),
  ('recruiting', 'human-resources', 'Recruiting'),
  ('compensation', 'human-resources', 'Compensation and benefits'),
  ('hr-compliance', 'human-resources', 'HR compliance'),
  ('patents', 'intellectual-property', 'Patents'),
  ('trademarks', 'intellectual-property', 'Trademarks'),
  ('copyright', 'intellectual-property', 'Copyright'),
  ('residential', 'real-estate', 'Residential property'),
  ('commercial', 'real-estate', 'Commercial property'),
  ('property-law', 'real-estate', 'Property law'),
  ('business-english', 'english-tutor', 'Business English'),
  ('exam-prep', 'english-tutor', 'Exam preparation (IELTS, TOEFL)'),
  ('conversation', 'english-tutor', 'Conversation'),
  ('spanish', 'language-tutor', 'Spanish'),
  ('japanese', 'language-tutor', 'Japanese'),
  ('korean', 'language-tutor', 'Korean'),
  ('french', 'language-tutor', 'French'),
  ('german', 'language-tutor', 'German'),
  ('mandarin', 'language-tutor', 'Mandarin'),
  ('public-speaking', 'professional-instructor', 'Public speaking'),
  ('leadership', 'professional-instructor', 'Leadership'),
  ('project-management', 'professional-instructor', 'Project management');

create table experts (
  id                     bigint generated always as identity primary key,
  slug                   text not null unique,
  name                   text not null,
  -- where inquiries are sent; never shown by any endpoint
  email                  text not null,
  avatar_url             text,
  cover_image_url        text,
  city                   text,
  state_code             text,
  country_code           text,
  timezone               text,
  lat                    double precision,
  lng                    double precision,
  languages              text[] not null default '{}',
  -- lower-cased primary subtags of languages ('en-GB' -> 'en'), so language search is one index probe
  language_subtags       text[] not null default '{}',
  tags                   text[] not null default '{}',
  years_experience       int,
  rating                 numeric(3, 2) check (rating between 0 and 5),
  review_count           int not null default 0 check (review_count >= 0),
  is_public              boolean not null default true,
  is_verified            boolean not null default false,
  is_featured            boolean not null default false,
  listed_at              timestamptz not null default now(),
  accepting_clients      boolean,
  availability_status    text check (availability_status in ('open', 'limited', 'closed')),
  response_time_pledge   text,
  booking_buffer_minutes int check (booking_buffer_minutes >= 0),
  ai_chat_available      boolean not null default false,
  contact_methods        jsonb not null default '{}',
  -- lowest service price, kept by the import so search never aggregates services
  starting_price_usd     numeric(12, 2),
  -- lower(name + every locale's title and tagline): one trigram index serves q in any locale
  search_text            text not null default '',
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now()
);

-- Only public, verified experts are ever searched, so every search index is partial on that.
create index experts_search_text_trgm on experts using gin (search_text gin_trgm_ops)
  where is_public and is_verified;
create index experts_by_rating on experts (rating desc nulls last, id)
  where is_public and is_verified;
create index experts_by_newest on experts (listed_at desc, id)
  where is_public and is_verified;
create index experts_by_country on experts (country_code)
  where is_public and is_verified;
create index experts_by_city on experts (lower(city))
  where is_public and is_verified;
create index experts_by_language on experts using gin (language_subtags)
  where is_public and is_verified;

create table expert_categories (
  expert_id     bigint not null references experts (id) on delete cascade,
  category_slug text   not null references categories (slug),
  position      int    not null,
  primary key (expert_id, category_slug)
);
create index expert_categories_by_category on expert_categories (category_slug, expert_id);

create table expert_subcategories (
  expert_id        bigint not null references experts (id) on delete cascade,
  subcategory_slug text   not null references subcategories (slug),
  position         int    not null,
  primary key (expert_id, subcategory_slug)
);

create table expert_translations (
  expert_id bigint not null references experts (id) on delete cascade,
  locale    text   not null check (locale in ('en', 'ko', 'ja', 'zh', 'fr', 'de')),
  title     text   not null,
  tagline   text,
  bio       text,
  primary key (expert_id, locale)
);

create table services (
  -- ids come from the import (or slug + position), so they are unique per expert
  id               text   not null,
  expert_id        bigint not null references experts (id) on delete cascade,
  position         int    not null,
  title            text   not null,
  description      text,
  price_usd        numeric(12, 2) check (price_usd >= 0),
  price_type       text   not null check (price_type in ('fixed', 'hourly', 'custom')),
  duration_minutes int    check (duration_minutes > 0),
  primary key (expert_id, id)
);
create index services_by_expert on services (expert_id, position);

create table schedule_slots (
  expert_id   bigint   not null references experts (id) on delete cascade,
  day_of_week smallint not null check (day_of_week between 0 and 6),
  start_time  time     not null,
  end_time    time     not null check (end_time > start_time),
  primary key (expert_id, day_of_week, start_time)
);
