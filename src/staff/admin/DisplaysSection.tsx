/**
 * Waiting-room display links (contract/endpoints/display.ts): the live links per location, a new
 * one by name and location (its address shown here once, to copy onto the TV: only its SHA-256
 * is kept), revoke one (the list's delete; its screens stop within a second). The list and form
 * are the admin list machine's (machines/queueDisplay/links.ts).
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { useRef, useState } from 'react';
import type { DisplayLinkCreated } from '../../../contract/display';
import type { AdminLocation } from '../../../contract/staffAdmin';
import { displayLinkPayload, displayLinksMachine } from '../../../machines/queueDisplay/links';
import type { LoadInput, RemoveInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import { queueApi as liveQueueApi, type QueueApi } from '../../api/queue';
import { fromApi } from '../../app/fromApi';
import { formatClinicInstant } from '../../format/format';
import { displayLinkMessages as texts } from '../../i18n/displayLinkMessages';
import { AdminList } from './AdminList';
import { SelectField, TextField } from '../../ui/Field';
import { useAdminList } from './provider';
import { useAdminServices } from './services';
import './admin.css';

function CreatedLink({ created }: { readonly created: DisplayLinkCreated }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="admin-panel" role="status">
      <p>
        <strong>{texts.newLink(created.display.label)}</strong> {texts.made}
      </p>
      <p>
        <code style={{ wordBreak: 'break-all' }}>{created.url}</code>{' '}
        <button type="button" className="button button--outline" onClick={() => void navigator.clipboard?.writeText(created.url).then(() => setCopied(true))}>
          {copied ? texts.copied : texts.copy}
        </button>
      </p>
    </div>
  );
}

/** `queueApi`: the display links' calls (the live ones; a test's over a fake fetch). */
export function DisplaysSection({ queueApi = liveQueueApi }: { readonly queueApi?: QueueApi }) {
  const { api } = useAdminServices();
  // The locations the form offers, read with the list (a new link names one).
  const locations = useRef<readonly AdminLocation[]>([]);
  const [created, setCreated] = useState<DisplayLinkCreated | null>(null);
  const actor = useAdminList(displayLinksMachine, {
    loadItems: fromApi(async ({ token }: LoadInput, signal) => {
      const found = await api.fetchLocations(token, signal);
      if (isRight(found)) locations.current = found.right;
      return queueApi.listLinks(token, signal);
    }, (links) => links.filter((l) => l.revokedAt === null)),
    saveItem: fromApi(
      ({ draft, token }: SaveInput, signal) => queueApi.createLink(displayLinkPayload(draft, locations.current), token, signal),
      (answer) => {
        setCreated(answer);
        return { message: texts.made };
      },
    ),
    removeItem: fromApi(({ id, token }: RemoveInput, signal) => queueApi.revokeLink(id, token, signal), () => ({ message: texts.revoked })),
  });
  return (
    <AdminList
      actor={actor}
      title={texts.title}
      intro={<p className="admin-section__intro">{texts.intro}</p>}
      panel={created && <CreatedLink created={created} />}
      emptyText={texts.none}
      addLabel={texts.add}
      editable={false}
      deletable
      nameOf={(link) => link.label}
      formTitle={() => texts.addTitle}
      renderItem={(link) => (
        <>
          <strong className="admin-row__title">
            {link.label} <span className="admin-badge">{link.location}</span>
          </strong>
          <span className="admin-row__meta">{texts.madeBy(link.createdBy, formatClinicInstant(link.createdAt) ?? '')}</span>
        </>
      )}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <TextField look="admin" label={texts.label} value={draft.label ?? ''} error={errors.label} disabled={saving} required onValue={(v) => change('label', v)} />
          <SelectField
            look="admin"
            label={texts.location}
            value={draft.locationId || (locations.current[0]?._id ?? '')}
            error={errors.locationId}
            disabled={saving}
            onValue={(v) => change('locationId', v)}
            options={locations.current.map((l) => ({ value: l._id, label: l.name }))}
          />
        </>
      )}
    />
  );
}
