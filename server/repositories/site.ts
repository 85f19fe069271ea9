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
