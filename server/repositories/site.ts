/** SQL for the site options (spec §3): locations, events, team members, testimonials. */
import type { SiteEvent, TeamMember, Testimonial } from '../../contract/site.js';
import type { Queryable } from '../db/database.js';

export async function listLocationNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from locations order by display_order, name');
  return rows.map((r) => r.name);
}

export async function listEvents(db: Queryable): Promise<SiteEvent[]> {
  const { rows } = await db.query<SiteEvent>(
    'select id as "_id", image, video, caption from site_events order by display_order, created_at, id',
  );
  return rows;
}

export async function listTeamMembers(db: Queryable): Promise<TeamMember[]> {
  const { rows } = await db.query<TeamMember>(
    'select id as "_id", image, name, role, description from team_members order by display_order, created_at, id',
  );
  return rows;
}

export async function listTestimonials(db: Queryable): Promise<Testimonial[]> {
  const { rows } = await db.query<Testimonial>(
    'select id as "_id", image, name, subject, description from testimonials order by display_order, created_at, id',
  );
  return rows;
}

/* ------------------------------------------------------------ staff console (issue 6) */

/** What an admin writes of each kind of site content, column by column (names as the tables have them). */
export interface SiteFields {
  events: { caption: string; image: string; video: string };
  team: { name: string; role: string; description: string; image: string };
  testimonials: { name: string; subject: string; description: string; image: string };
}
export type SiteKind = keyof SiteFields;
export type SiteRow<K extends SiteKind> = SiteFields[K] & { _id: string; displayOrder: number };

// Fixed identifiers only: never anything from a request goes into these statements' text.
const siteTables: { [K in SiteKind]: { table: string; columns: readonly (keyof SiteFields[K] & string)[] } } = {
  events: { table: 'site_events', columns: ['caption', 'image', 'video'] },
  team: { table: 'team_members', columns: ['name', 'role', 'description', 'image'] },
  testimonials: { table: 'testimonials', columns: ['name', 'subject', 'description', 'image'] },
};

const selectSite = (kind: SiteKind) =>
  `select id as "_id", ${siteTables[kind].columns.join(', ')}, display_order as "displayOrder" from ${siteTables[kind].table}`;

export async function listSiteRows<K extends SiteKind>(q: Queryable, kind: K): Promise<SiteRow<K>[]> {
  const { rows } = await q.query<SiteRow<K>>(`${selectSite(kind)} order by display_order, created_at, id`);
  return rows;
}

export async function findSiteRow<K extends SiteKind>(q: Queryable, kind: K, id: string, forUpdate = false): Promise<SiteRow<K> | null> {
  const { rows } = await q.query<SiteRow<K>>(`${selectSite(kind)} where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Last in the display order. */
export async function insertSiteRow<K extends SiteKind>(tx: Queryable, kind: K, fields: SiteFields[K], now: Date): Promise<string> {
  const { table, columns } = siteTables[kind];
  const values = columns.map((c) => fields[c]);
  const { rows } = await tx.query<{ id: string }>(
    `insert into ${table} (${columns.join(', ')}, display_order, created_at)
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')},
             (select coalesce(max(display_order), -1) + 1 from ${table}), $${columns.length + 1})
     returning id`,
    [...values, now],
  );
  return rows[0]!.id;
}

export async function updateSiteRow<K extends SiteKind>(tx: Queryable, kind: K, id: string, fields: SiteFields[K]): Promise<void> {
  const { table, columns } = siteTables[kind];
  await tx.query(`update ${table} set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [
    id,
    ...columns.map((c) => fields[c]),
  ]);
}

/** true when there was such a row. */
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
