/**
 * The site's content (events, team members, testimonials): listed with the display form of their
 * links for the preview, added, changed, deleted, put in order.
 */
import { toDisplayableMediaLink } from '../../../contract/mediaLink.js';
import type { AdminEvent, AdminTeamMember, AdminTestimonial } from '../../../contract/staffAdmin.js';
import {
  allTranslations,
  deleteSiteRow,
  findSiteRow,
  insertSiteRow,
  listSiteRows,
  setSiteOrder,
  type SiteFields,
  type SiteKind,
  type SiteRow,
  storedTranslations,
  updateSiteRow,
} from '../../repositories/site.js';
import { insertAudit } from '../../repositories/staff.js';
import { NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, reorderWithAudit, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

type SiteAnswer = { events: AdminEvent; team: AdminTeamMember; testimonials: AdminTestimonial };

function toSiteAnswer<K extends SiteKind>(kind: K, row: SiteRow<K>): SiteAnswer[K];
function toSiteAnswer(kind: SiteKind, row: SiteRow<SiteKind>): SiteAnswer[SiteKind] {
  const withImage = { ...row, displayImage: toDisplayableMediaLink(row.image), translations: allTranslations(kind, row.translations) };
  if (kind === 'events') {
    const event = withImage as AdminEvent;
    return { ...event, displayVideo: toDisplayableMediaLink(event.video) };
  }
  return withImage as AdminTeamMember | AdminTestimonial;
}

/** What the audit row's `after` holds: the English fields and the translations as stored (only texts given). */
function audited<K extends SiteKind>(fields: SiteFields<K>): object {
  return fields.translations ? { ...fields, translations: storedTranslations(fields.translations) } : fields;
}

/** The audit actions' middle word: site.event.created, site.team.updated, site.testimonial.deleted... */
const siteAction = { events: 'event', team: 'team', testimonials: 'testimonial' } as const satisfies Record<SiteKind, string>;

export function siteContentAdmin({ db, now }: AdminDeps) {
  return {
    async siteList<K extends SiteKind>(staff: Staff, kind: K): Promise<SiteAnswer[K][]> {
      assertAdmin(staff);
      return (await listSiteRows(db, kind)).map((row) => toSiteAnswer(kind, row));
    },

    async siteCreate<K extends SiteKind>(staff: Staff, kind: K, fields: SiteFields<K>): Promise<SiteAnswer[K]> {
      assertAdmin(staff);
      const at = now();
      const id = await db.transaction(async (tx) => {
        const newId = await insertSiteRow(tx, kind, fields, at);
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.created`, details: { id: newId, after: audited({ translations: allTranslations(kind, {}), ...fields }) } }, at);
        return newId;
      });
      return toSiteAnswer(kind, (await findSiteRow(db, kind, id))!);
    },

    async siteUpdate<K extends SiteKind>(staff: Staff, kind: K, id: string, fields: SiteFields<K>): Promise<SiteAnswer[K]> {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findSiteRow(tx, kind, id, true);
        if (!before) throw new NotFoundError(adminMessages.siteNotFound);
        const { _id, displayOrder: _order, ...stored } = before;
        await updateSiteRow(tx, kind, _id, fields);
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.updated`, details: { id: _id, before: stored, after: audited(fields) } }, at);
      });
      return toSiteAnswer(kind, (await findSiteRow(db, kind, id))!);
    },

    async siteDelete(staff: Staff, kind: SiteKind, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findSiteRow(tx, kind, id, true);
        if (!before || !(await deleteSiteRow(tx, kind, before._id))) throw new NotFoundError(adminMessages.siteNotFound);
        const { _id, displayOrder: _order, ...stored } = before;
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.deleted`, details: { id: _id, before: stored } }, at);
      });
      return { message: adminMessages.siteDeleted };
    },

    async siteReorder<K extends SiteKind>(staff: Staff, kind: K, ids: readonly string[]): Promise<SiteAnswer[K][]> {
      assertAdmin(staff);
      await reorderWithAudit(db, staff, now(), {
        ids,
        list: (tx) => listSiteRows(tx, kind),
        save: (tx, order) => setSiteOrder(tx, kind, order),
        action: `site.${siteAction[kind]}.reordered`,
        row: 'entry',
        summary: adminMessages.badOrder,
      });
      return (await listSiteRows(db, kind)).map((row) => toSiteAnswer(kind, row));
    },
  };
}
