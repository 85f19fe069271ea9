-- Issue 15: the site content the clinic enters, per language. English stays in its columns (the
-- text every language falls back to); Hindi and Marathi texts of the translatable fields live in
-- one `translations` object per row: { "hi": { "role": "...", "description": "..." }, "mr": {...} }.
-- A text not given is absent (never ''), so the public answer falls back to English for it.
-- Names, images and videos are not translated.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

alter table site_events add column translations jsonb not null default '{}';
alter table team_members add column translations jsonb not null default '{}';
alter table testimonials add column translations jsonb not null default '{}';

-- Only the two languages, each an object of the table's translatable fields, each text within the
-- English column's length. The contract (contract/staffAdmin.ts) checks the same before writing.
alter table site_events add constraint site_events_translations_check check (
  jsonb_typeof(translations) = 'object'
  and (translations - 'hi' - 'mr') = '{}'::jsonb
  and coalesce(jsonb_typeof(translations -> 'hi'), 'object') = 'object'
  and coalesce(jsonb_typeof(translations -> 'mr'), 'object') = 'object'
  and coalesce(translations -> 'hi', '{}'::jsonb) - 'caption' = '{}'::jsonb
  and coalesce(translations -> 'mr', '{}'::jsonb) - 'caption' = '{}'::jsonb
  and length(coalesce(translations #>> '{hi,caption}', '')) <= 500
  and length(coalesce(translations #>> '{mr,caption}', '')) <= 500
);

alter table team_members add constraint team_members_translations_check check (
  jsonb_typeof(translations) = 'object'
  and (translations - 'hi' - 'mr') = '{}'::jsonb
  and coalesce(jsonb_typeof(translations -> 'hi'), 'object') = 'object'
  and coalesce(jsonb_typeof(translations -> 'mr'), 'object') = 'object'
  and coalesce(translations -> 'hi', '{}'::jsonb) - 'role' - 'description' = '{}'::jsonb
  and coalesce(translations -> 'mr', '{}'::jsonb) - 'role' - 'description' = '{}'::jsonb
  and length(coalesce(translations #>> '{hi,role}', '')) <= 200
  and length(coalesce(translations #>> '{mr,role}', '')) <= 200
  and length(coalesce(translations #>> '{hi,description}', '')) <= 4000
  and length(coalesce(translations #>> '{mr,description}', '')) <= 4000
);

alter table testimonials add constraint testimonials_translations_check check (
  jsonb_typeof(translations) = 'object'
  and (translations - 'hi' - 'mr') = '{}'::jsonb
  and coalesce(jsonb_typeof(translations -> 'hi'), 'object') = 'object'
  and coalesce(jsonb_typeof(translations -> 'mr'), 'object') = 'object'
  and coalesce(translations -> 'hi', '{}'::jsonb) - 'subject' - 'description' = '{}'::jsonb
  and coalesce(translations -> 'mr', '{}'::jsonb) - 'subject' - 'description' = '{}'::jsonb
  and length(coalesce(translations #>> '{hi,subject}', '')) <= 200
  and length(coalesce(translations #>> '{mr,subject}', '')) <= 200
  and length(coalesce(translations #>> '{hi,description}', '')) <= 4000
  and length(coalesce(translations #>> '{mr,description}', '')) <= 4000
);
