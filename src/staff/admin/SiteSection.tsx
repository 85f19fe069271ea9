/**
 * Site content (issue 6): events, team members and testimonials, each a list to add to, edit,
 * delete and reorder, with every image and video link previewed as the site will show it.
 */
import type { LoadInput, RemoveInput, ReorderInput, SaveInput } from '../../../machines/staffAdmin/adminListMachine';
import {
  eventPayload,
  eventsMachine,
  teamMachine,
  teamMemberPayload,
  testimonialPayload,
  testimonialsMachine,
} from '../../../machines/staffAdmin/lists';
import type { SiteCalls } from '../../api/staffAdmin';
import type { Draft } from '../../../machines/staffAdmin/adminListMachine';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { call, callMapped } from './actors';
import { AdminList } from './AdminList';
import { Field } from './parts';
import { MediaLinkField } from './MediaLinkField';
import { useAdminServices } from './services';
import { useAdminList } from './useAdminList';
import './admin.css';

const texts = staffAdminMessages.site;

/** The four list calls of one kind of content, as the list machine's actors. */
function siteActors<Item, Payload, Answer extends { message: string }>(calls: SiteCalls<Item, Payload, Answer>, payload: (draft: Draft) => Payload) {
  return {
    loadItems: call(({ token }: LoadInput, signal) => calls.fetch(token, signal)),
    saveItem: callMapped(
      ({ id, draft, token }: SaveInput, signal) =>
        id === null ? calls.add(payload(draft), token, signal) : calls.update(id, payload(draft), token, signal),
      ({ message }: Answer) => ({ message }),
    ),
    removeItem: call(({ id, token }: RemoveInput, signal) => calls.remove(id, token, signal)),
    reorderItems: call(({ ids, token }: ReorderInput, signal) => calls.reorder(ids, token, signal)),
  };
}

export function SiteSection() {
  return (
    <div className="admin-site">
      <h1>{texts.title}</h1>
      <EventsList />
      <TeamList />
      <TestimonialsList />
    </div>
  );
}

function EventsList() {
  const { api } = useAdminServices();
  const actor = useAdminList(eventsMachine, siteActors(api.events, eventPayload));
  return (
    <AdminList
      actor={actor}
      level={2}
      title={texts.events}
      emptyText={texts.noEvents}
      addLabel={texts.addEvent}
      nameOf={(e) => e.caption || texts.untitledEvent}
      formTitle={(e) => (e ? `${texts.eventTitle}: ${e.caption || texts.untitledEvent}` : texts.addEvent)}
      renderItem={(e) => (
        <div className="admin-row__media">
          {e.displayImage && <img src={e.displayImage} alt="" className="admin-row__thumb" loading="lazy" />}
          <strong className="admin-row__title">{e.caption || texts.untitledEvent}</strong>
        </div>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <Field label={texts.caption} value={draft.caption ?? ''} error={errors.caption} disabled={saving} onChange={(v) => change('caption', v)} />
          <MediaLinkField label={texts.image} kind="image" value={draft.image ?? ''} error={errors.image} disabled={saving} onChange={(v) => change('image', v)} />
          <MediaLinkField label={texts.video} kind="video" value={draft.video ?? ''} error={errors.video} disabled={saving} onChange={(v) => change('video', v)} />
        </>
      )}
      deletable
      reorderable
    />
  );
}

function TeamList() {
  const { api } = useAdminServices();
  const actor = useAdminList(teamMachine, siteActors(api.team, teamMemberPayload));
  return (
    <AdminList
      actor={actor}
      level={2}
      title={texts.team}
      emptyText={texts.noTeam}
      addLabel={texts.addMember}
      nameOf={(m) => m.name}
      formTitle={(m) => (m ? `${texts.memberTitle}: ${m.name}` : texts.addMember)}
      renderItem={(m) => (
        <div className="admin-row__media">
          {m.displayImage && <img src={m.displayImage} alt="" className="admin-row__thumb" loading="lazy" />}
          <span>
            <strong className="admin-row__title">{m.name}</strong>
            <span className="admin-row__meta">{m.role}</span>
          </span>
        </div>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <Field label={texts.name} value={draft.name ?? ''} error={errors.name} disabled={saving} required onChange={(v) => change('name', v)} />
          <Field label={texts.role} value={draft.role ?? ''} error={errors.role} disabled={saving} onChange={(v) => change('role', v)} />
          <MediaLinkField label={texts.image} kind="image" value={draft.image ?? ''} error={errors.image} disabled={saving} onChange={(v) => change('image', v)} />
          <Field
            label={texts.description}
            multiline
            value={draft.description ?? ''}
            error={errors.description}
            disabled={saving}
            onChange={(v) => change('description', v)}
          />
        </>
      )}
      deletable
      reorderable
    />
  );
}

function TestimonialsList() {
  const { api } = useAdminServices();
  const actor = useAdminList(testimonialsMachine, siteActors(api.testimonials, testimonialPayload));
  return (
    <AdminList
      actor={actor}
      level={2}
      title={texts.testimonials}
      emptyText={texts.noTestimonials}
      addLabel={texts.addTestimonial}
      nameOf={(t) => t.name}
      formTitle={(t) => (t ? `${texts.testimonialTitle}: ${t.name}` : texts.addTestimonial)}
      renderItem={(t) => (
        <div className="admin-row__media">
          {t.displayImage && <img src={t.displayImage} alt="" className="admin-row__thumb" loading="lazy" />}
          <span>
            <strong className="admin-row__title">{t.name}</strong>
            <span className="admin-row__meta">{t.subject}</span>
          </span>
        </div>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <Field label={texts.name} value={draft.name ?? ''} error={errors.name} disabled={saving} required onChange={(v) => change('name', v)} />
          <Field label={texts.subject} value={draft.subject ?? ''} error={errors.subject} disabled={saving} onChange={(v) => change('subject', v)} />
          <MediaLinkField label={texts.image} kind="image" value={draft.image ?? ''} error={errors.image} disabled={saving} onChange={(v) => change('image', v)} />
          <Field
            label={texts.description}
            multiline
            required
            value={draft.description ?? ''}
            error={errors.description}
            disabled={saving}
            onChange={(v) => change('description', v)}
          />
        </>
      )}
      deletable
      reorderable
    />
  );
}
