/** SQL for the site options (spec §3): locations, events, team members, testimonials. */
import type { SiteEvent, SiteLanguage, TeamMember, Testimonial } from '../../contract/site.js';
import type { SiteTranslations, TranslatedLanguage } from '../../contract/staffAdmin.js';
import type { Queryable } from '../db/database.js';

export async function listLocationNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from locations order by display_order, name');
  return rows.map((r) => r.name);
}

/*
 * The public lists in a language: each translatable text is the language's where the
 * clinic gave one, else the English column. English (no language, or 'en') passes no language, so
 * every text is its English column and the answer is what it always was. The language is a
 * parameter, the field names fixed text.
 */
const inLanguage = (field: string) => `coalesce(nullif(translations -> $1::text ->> '${field}', ''), ${field}) as ${field}`;
const translatedOf = (language: SiteLanguage | undefined): TranslatedLanguage | null =>
  language === 'hi' || language === 'mr' ? language : null;

export async function listEvents(db: Queryable, language?: SiteLanguage): Promise<SiteEvent[]> {
  const { rows } = await db.query<SiteEvent>(
    `select id as "_id", image, video, ${inLanguage('caption')} from site_events order by display_order, created_at, id`,
    [translatedOf(language)],
  );
  return rows;
}

export async function listTeamMembers(db: Queryable, language?: SiteLanguage): Promise<TeamMember[]> {
  const { rows } = await db.query<TeamMember>(
    `select id as "_id", image, name, ${inLanguage('role')}, ${inLanguage('description')} from team_members order by display_order, created_at, id`,
    [translatedOf(language)],
  );
  return rows;
}

export async function listTestimonials(db: Queryable, language?: SiteLanguage): Promise<Testimonial[]> {
  const { rows } = await db.query<Testimonial>(
    `select id as "_id", image, name, ${inLanguage('subject')}, ${inLanguage('description')} from testimonials order by display_order, created_at, id`,
    [translatedOf(language)],
  );
  return rows;
}

/* ------------------------------------------------------------ staff console */

/** What an admin writes of each kind of site content, column by column (names as the tables have them). */
export interface SiteColumns {
  events: { caption: string; image: string; video: string };
  team: { name: string; role: string; description: string; image: string };
  testimonials: { name: string; subject: string; description: string; image: string };
}
export type SiteKind = keyof SiteColumns;

/** Each kind's translatable fields: the others (names, links) are the same in every language. */
export interface SiteTranslatable {
  events: 'caption';
  team: 'role' | 'description';
  testimonials: 'subject' | 'description';
}
export type SiteTexts<K extends SiteKind> = SiteTranslations<SiteTranslatable[K]>;

/**
 * What a create or save writes: the English columns and, when given, every Hindi and Marathi text
 * ('' not given). Absent `translations` on a save keeps the stored ones.
 */
export type SiteFields<K extends SiteKind> = SiteColumns[K] & { translations?: SiteTexts<K> };
/** As stored: the columns, and the translations object with only the texts given. */
export type SiteRow<K extends SiteKind> = SiteColumns[K] & { _id: string; displayOrder: number; translations: StoredTranslations };
export type StoredTranslations = Partial<Record<TranslatedLanguage, Record<string, string>>>;

// Fixed identifiers only: never anything from a request goes into these statements' text.
const siteTables: { [K in SiteKind]: { table: string; columns: readonly (keyof SiteColumns[K] & string)[]; translatable: readonly SiteTranslatable[K][] } } = {
  events: { table: 'site_events', columns: ['caption', 'image', 'video'], translatable: ['caption'] },
  team: { table: 'team_members', columns: ['name', 'role', 'description', 'image'], translatable: ['role', 'description'] },
  testimonials: { table: 'testimonials', columns: ['name', 'subject', 'description', 'image'], translatable: ['subject', 'description'] },
};

/** The stored form: a language appears only with a text given, a field only when not blank. */
export function storedTranslations(texts: SiteTranslations<string>): StoredTranslations {
  const stored: StoredTranslations = {};
  for (const language of ['hi', 'mr'] as const) {
    const given = Object.entries(texts[language] ?? {}).filter(([, text]) => text.trim() !== '');
    if (given.length > 0) stored[language] = Object.fromEntries(given);
  }
  return stored;
}

/** Every language and translatable field of the kind, '' where not given: what the console reads. */
export function allTranslations<K extends SiteKind>(kind: K, stored: StoredTranslations): SiteTexts<K> {
  const fill = (texts: Record<string, string> | undefined) =>
    Object.fromEntries(siteTables[kind].translatable.map((f) => [f, texts?.[f] ?? ''])) as Record<SiteTranslatable[K], string>;
  return { hi: fill(stored.hi), mr: fill(stored.mr) };
}

const selectSite = (kind: SiteKind) =>
  `select id as "_id", ${siteTables[kind].columns.join(', ')}, display_order as "displayOrder", translations from ${siteTables[kind].table}`;

export async function listSiteRows<K extends SiteKind>(q: Queryable, kind: K): Promise<SiteRow<K>[]> {
  const { rows } = await q.query<SiteRow<K>>(`${selectSite(kind)} order by display_order, created_at, id`);
  return rows;
}

export async function findSiteRow<K extends SiteKind>(q: Queryable, kind: K, id: string, forUpdate = false): Promise<SiteRow<K> | null> {
  const { rows } = await q.query<SiteRow<K>>(`${selectSite(kind)} where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Last in the display order. */
export async function insertSiteRow<K extends SiteKind>(tx: Queryable, kind: K, fields: SiteFields<K>, now: Date): Promise<string> {
  const { table, columns } = siteTables[kind];
  const values = columns.map((c) => fields[c]);
  const translations = storedTranslations(fields.translations ?? allTranslations(kind, {}));
  const { rows } = await tx.query<{ id: string }>(
    `insert into ${table} (${columns.join(', ')}, translations, display_order, created_at)
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}, $${columns.length + 1}::jsonb,
             (select coalesce(max(display_order), -1) + 1 from ${table}), $${columns.length + 2})
     returning id`,
    [...values, JSON.stringify(translations), now],
  );
  return rows[0]!.id;
}

/** The English columns, and the translations when given (absent: kept as stored). */
export async function updateSiteRow<K extends SiteKind>(tx: Queryable, kind: K, id: string, fields: SiteFields<K>): Promise<void> {
  const { table, columns } = siteTables[kind];
  const sets = columns.map((c, i) => `${c} = $${i + 2}`);
  const values: unknown[] = [id, ...columns.map((c) => fields[c])];
  if (fields.translations) {
    values.push(JSON.stringify(storedTranslations(fields.translations)));
    sets.push(`translations = $${values.length}::jsonb`);
  }
  await tx.query(`update ${table} set ${sets.join(', ')} where id = $1`, values);
}

export async function deleteSiteRow(tx: Queryable, kind: SiteKind, id: string): Promise<boolean> {
  const { rowCount } = await tx.query(`delete from ${siteTables[kind].table} where id = $1`, [id]);
  return rowCount > 0;
}

export async function setSiteOrder(tx: Queryable, kind: SiteKind, ids: readonly string[]): Promise<void> {
  await tx.query(
    `update ${siteTables[kind].table} t set display_order = o.n - 1
       from unnest($1::uuid[]) with ordinality as o(id, n) where t.id = o.id`,
    [ids],
  );
}
