/**
 * Site content (issue 6): events, team members and testimonials, each a list to add to, edit,
 * delete and reorder, with every image and video link previewed as the site will show it.
 */
import type { AdminListMachine, Draft, ListItem } from '../../../machines/staffAdmin/adminListMachine';
import {
  eventPayload,
  eventsMachine,
  teamMachine,
  teamMemberPayload,
  testimonialPayload,
  testimonialsMachine,
} from '../../../machines/staffAdmin/lists';
import type { ListCalls } from '../../api/staffAdmin';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { listActors } from './actors';
import { AdminList, bound, type AdminListProps } from './AdminList';
import { Field } from './parts';
import { MediaLinkField } from './MediaLinkField';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

export function SiteSection() {
  const texts = useStaffAdminMessages().site;
  const { api } = useAdminServices();
  return (
    <div className="admin-site">
      <h1>{texts.title}</h1>
      <SiteList
        machine={eventsMachine}
        calls={api.events}
        payload={eventPayload}
        title={texts.events}
        emptyText={texts.noEvents}
        addLabel={texts.addEvent}
        itemTitle={texts.eventTitle}
        nameOf={(e) => e.caption || texts.untitledEvent}
        renderForm={(form) => (
          <>
            <Field label={texts.caption} {...bound(form, 'caption')} />
            <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
            <MediaLinkField label={texts.video} kind="video" {...bound(form, 'video')} />
          </>
        )}
      />
      <SiteList
        machine={teamMachine}
        calls={api.team}
        payload={teamMemberPayload}
        title={texts.team}
        emptyText={texts.noTeam}
        addLabel={texts.addMember}
        itemTitle={texts.memberTitle}
        nameOf={(m) => m.name}
        metaOf={(m) => m.role}
        renderForm={(form) => (
          <>
            <Field label={texts.name} required {...bound(form, 'name')} />
            <Field label={texts.role} {...bound(form, 'role')} />
            <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
            <Field label={texts.description} multiline {...bound(form, 'description')} />
          </>
        )}
      />
      <SiteList
        machine={testimonialsMachine}
        calls={api.testimonials}
        payload={testimonialPayload}
        title={texts.testimonials}
        emptyText={texts.noTestimonials}
        addLabel={texts.addTestimonial}
        itemTitle={texts.testimonialTitle}
        nameOf={(t) => t.name}
        metaOf={(t) => t.subject}
        renderForm={(form) => (
          <>
            <Field label={texts.name} required {...bound(form, 'name')} />
            <Field label={texts.subject} {...bound(form, 'subject')} />
            <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
            <Field label={texts.description} multiline required {...bound(form, 'description')} />
          </>
        )}
      />
    </div>
  );
}

interface SiteListProps<Item extends SiteItem, Payload, Answer extends { message: string }> {
  readonly machine: AdminListMachine<Item>;
  readonly calls: ListCalls<Item, Payload, Answer>;
  /** The form as the call's body. */
  readonly payload: (draft: Draft) => Payload;
  readonly title: string;
  readonly emptyText: string;
  readonly addLabel: string;
  /** What one entry is called in its form's title ("Event: Diwali camp"). */
  readonly itemTitle: string;
  readonly nameOf: (item: Item) => string;
  /** The line under the name in the list (a member's role, a testimonial's subject). */
  readonly metaOf?: (item: Item) => string;
  readonly renderForm: AdminListProps<Item>['renderForm'];
}

type SiteItem = ListItem & { readonly displayImage: string };

/** One kind of site content: its list with the image and name of each entry, its form; every entry can be deleted and moved. */
function SiteList<Item extends SiteItem, Payload, Answer extends { message: string }>(props: SiteListProps<Item, Payload, Answer>) {
  const { nameOf, metaOf, addLabel, itemTitle } = props;
  const actor = useAdminList(props.machine, listActors(props.calls, props.payload));
  return (
    <AdminList
      actor={actor}
      level={2}
      title={props.title}
      emptyText={props.emptyText}
      addLabel={addLabel}
      nameOf={nameOf}
      formTitle={(item) => (item ? `${itemTitle}: ${nameOf(item)}` : addLabel)}
      renderItem={(item) => (
        <div className="admin-row__media">
          {item.displayImage && <img src={item.displayImage} alt="" className="admin-row__thumb" loading="lazy" />}
          {metaOf ? (
            <span>
              <strong className="admin-row__title">{nameOf(item)}</strong>
              <span className="admin-row__meta">{metaOf(item)}</span>
            </span>
          ) : (
            <strong className="admin-row__title">{nameOf(item)}</strong>
          )}
        </div>
      )}
      renderForm={props.renderForm}
      deletable
      reorderable
    />
  );
}
