/**
 * Site content: events, team members and testimonials, each a list to add to, edit,
 * delete and reorder, with every image and video link previewed as the site will show it.
 * Each form has the translatable texts in Hindi and Marathi too (inputs marked with
 * their `lang`); the list marks an entry the site shows partly in English in a language.
 */
import type { AdminListMachine } from '../../../machines/staffAdmin/adminListMachine';
import type { Draft, ListItem } from '../../../machines/staffAdmin/adminListContext';
import {
  eventPayload,
  eventsMachine,
  eventTexts,
  languagesShowingEnglish,
  memberTexts,
  teamMachine,
  teamMemberPayload,
  testimonialPayload,
  testimonialsMachine,
  testimonialTexts,
} from '../../../machines/staffAdmin/lists';
import { translatedLanguages, type SiteTranslations } from '../../../contract/staffAdmin';
import type { ListCalls } from '../../api/staffAdmin';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { listActors } from './actors';
import { AdminList, bound, type AdminListProps, type FormApi } from './AdminList';
import { TextField } from '../../ui/Field';
import { MediaLinkField } from './MediaLinkField';
import { useAdminServices } from './services';
import { useAdminList } from './provider';
import './admin.css';

/** The events of the gallery: caption, image or video. */
function EventsList() {
  const texts = useStaffAdminMessages().site;
  const { api } = useAdminServices();
  return (
    <SiteList
      machine={eventsMachine}
      calls={api.events}
      payload={eventPayload}
      title={texts.events}
      emptyText={texts.noEvents}
      addLabel={texts.addEvent}
      itemTitle={texts.eventTitle}
      nameOf={(e) => e.caption || texts.untitledEvent}
      translatable={eventTexts}
      renderForm={(form) => (
        <>
          <TextField look="admin" label={texts.caption} {...bound(form, 'caption')} />
          <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
          <MediaLinkField label={texts.video} kind="video" {...bound(form, 'video')} />
          <TranslationFields form={form} fields={[{ field: 'caption', label: texts.caption }]} />
        </>
      )}
    />
  );
}

/** The team: name, role, photo and description. */
function TeamList() {
  const texts = useStaffAdminMessages().site;
  const { api } = useAdminServices();
  return (
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
      translatable={memberTexts}
      renderForm={(form) => (
        <>
          <TextField look="admin" label={texts.name} required {...bound(form, 'name')} />
          <TextField look="admin" label={texts.role} {...bound(form, 'role')} />
          <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
          <TextField look="admin" label={texts.description} multiline {...bound(form, 'description')} />
          <TranslationFields
            form={form}
            fields={[
              { field: 'role', label: texts.role },
              { field: 'description', label: texts.description, multiline: true },
            ]}
          />
        </>
      )}
    />
  );
}

/** The testimonials: who, about what, and what they said. */
function TestimonialsList() {
  const texts = useStaffAdminMessages().site;
  const { api } = useAdminServices();
  return (
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
      translatable={testimonialTexts}
      renderForm={(form) => (
        <>
          <TextField look="admin" label={texts.name} required {...bound(form, 'name')} />
          <TextField look="admin" label={texts.subject} {...bound(form, 'subject')} />
          <MediaLinkField label={texts.image} kind="image" {...bound(form, 'image')} />
          <TextField look="admin" label={texts.description} multiline required {...bound(form, 'description')} />
          <TranslationFields
            form={form}
            fields={[
              { field: 'subject', label: texts.subject },
              { field: 'description', label: texts.description, multiline: true },
            ]}
          />
        </>
      )}
    />
  );
}

export function SiteSection() {
  const texts = useStaffAdminMessages().site;
  return (
    <div className="admin-site">
      <h1>{texts.title}</h1>
      <EventsList />
      <TeamList />
      <TestimonialsList />
    </div>
  );
}

/** One language's fieldset of the translatable texts: "Role (हिन्दी)", each input with its `lang`. */
function TranslationFields({ form, fields }: { readonly form: FormApi; readonly fields: readonly { field: string; label: string; multiline?: boolean }[] }) {
  const texts = useStaffAdminMessages().site;
  return (
    <>
      {translatedLanguages.map((language) => (
        <fieldset key={language} className="admin-translations">
          <legend>{texts.translationsHeading[language]}</legend>
          <p className="admin-field__hint">{texts.translationsHint}</p>
          {fields.map(({ field, label, multiline }) => (
            <TextField
              look="admin"
              key={field}
              label={texts.inLanguage(label, texts.languageNames[language])}
              lang={language}
              multiline={multiline}
              {...bound(form, `translations.${language}.${field}`)}
            />
          ))}
        </fieldset>
      ))}
    </>
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
  /** The entry's texts given per language: the list marks a language that shows English. */
  readonly translatable: readonly string[];
  readonly renderForm: AdminListProps<Item>['renderForm'];
}

type SiteItem = ListItem & { readonly displayImage: string; readonly translations: SiteTranslations<string> };

/** One kind of site content: its list with the image and name of each entry, its form; every entry can be deleted and moved. */
function SiteList<Item extends SiteItem, Payload, Answer extends { message: string }>(props: SiteListProps<Item, Payload, Answer>) {
  const { nameOf, metaOf, addLabel, itemTitle, translatable } = props;
  const texts = useStaffAdminMessages().site;
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
      renderItem={(item) => {
        const showingEnglish = languagesShowingEnglish(item as unknown as Parameters<typeof languagesShowingEnglish>[0], translatable);
        return (
          <div className="admin-row__media">
            {item.displayImage && <img src={item.displayImage} alt="" className="admin-row__thumb" loading="lazy" />}
            <span>
              <strong className="admin-row__title">{nameOf(item)}</strong>
              {metaOf && <span className="admin-row__meta">{metaOf(item)}</span>}
              {showingEnglish.length > 0 && (
                <span className="admin-row__languages">
                  {showingEnglish.map((language) => (
                    <span key={language} className="admin-row__missing">
                      {texts.englishShown[language]}
                    </span>
                  ))}
                </span>
              )}
            </span>
          </div>
        );
      }}
      renderForm={props.renderForm}
      deletable
      reorderable
    />
  );
}
