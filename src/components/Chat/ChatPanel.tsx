/**
 * A Chat appointment's conversation, on the patient's /myappointment card and in the
 * doctor's console, wired to the chat machine (machines/chat): the messages (own and the other
 * party's, with their clinic times and photos), a text box with Send and a photo picker while the
 * chat is open, and what else is true: when it opens, reconnecting, follow-up, closed, read-only,
 * or failed with Try again. Texts written offline (or whose send got no answer) wait in the
 * machine's outbox, shown as own messages marked "Waiting to send", and go by themselves. The messages are a labelled log region (`role="log"`, polite), so a
 * screen reader hears a new message without losing its place.
 *
 * On the card the panel folds (a button with the unread count); it marks messages read only
 * while they are on screen: unfolded (or in the console) and the page visible.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '../../../contract/chat';
import type { ChatOutboxItem } from '../../../machines/chat/context';
import {
  selectCanSend,
  selectCanSendPhoto,
  selectOutbox,
  selectConversation,
  selectDraft,
  selectHasFailed,
  selectIsClosed,
  selectIsLive,
  selectIsLoading,
  selectIsReadOnly,
  selectIsReconnecting,
  selectIsSendingPhoto,
  selectIsSendingText,
  selectIsWaiting,
  selectMessages,
  selectProblem,
  selectUnread,
} from '../../../machines/chat/selectors';
import { chatPhotoAccept } from '../../api/chat';
import type { Messages } from '../../i18n/messages';
import { clinicTimeAndDate, formatClinicDate, formatClinicInstant } from '../../format/format';
import { useChatActor } from './provider';
import type { ChatServices } from './services';
import './Chat.css';

export type ChatTexts = Messages['chat'];

export interface ChatPanelProps {
  readonly appointmentId: string;
  readonly token: string;
  readonly services: ChatServices;
  /** The catalog's chat texts (the console passes the English ones: it is not translated). */
  readonly texts: ChatTexts;
  /** Said for a failure without the server's words. */
  readonly somethingWentWrong: string;
  readonly heading: string;
  readonly headingLevel: 2 | 3;
  /** The patient's name, on their messages when the reader is not the patient. */
  readonly patientName: string;
  /** On the card: folded until opened, with the unread count on its button. */
  readonly foldable: boolean;
  /** The unread count the appointment list gave, until the conversation has loaded. */
  readonly listedUnread?: number;
}

type PanelActor = ReturnType<typeof useChatActor>;

export function ChatPanel(props: ChatPanelProps) {
  const { appointmentId, token, services, texts, heading, headingLevel, foldable, somethingWentWrong } = props;
  const headingId = useId();
  const bodyId = useId();
  // Its toasts are the provider's (a 401 is the request base's: src/api/client.ts).
  const actor = useChatActor(services, { appointmentId, token }, { somethingWentWrong });
  const conversation = useSelector(actor, selectConversation);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectHasFailed);
  const unread = useSelector(actor, selectUnread);
  const [unfolded, setUnfolded] = useState(!foldable);

  // On screen: unfolded and the page visible. Only then are messages marked read.
  useEffect(() => {
    const tell = () => actor.send({ type: unfolded && document.visibilityState === 'visible' ? 'view.shown' : 'view.hidden' });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [actor, unfolded]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shownUnread = conversation === null ? (props.listedUnread ?? 0) : unread;
  return (
    <section className="chat" aria-labelledby={headingId}>
      <Heading id={headingId} className="chat__heading">
        {heading}
      </Heading>
      {foldable && (
        <p className="chat__fold">
          <button
            type="button"
            className="button button--outline"
            aria-expanded={unfolded}
            aria-controls={bodyId}
            onClick={() => setUnfolded((open) => !open)}
          >
            {unfolded ? texts.hide : texts.show}
            {shownUnread > 0 && (
              <>
                {' '}
                <span className="chat__badge">{texts.newMessages(shownUnread)}</span>
              </>
            )}
          </button>
        </p>
      )}
      <div id={bodyId} className="chat__body" hidden={!unfolded}>
        {loading && conversation === null && <p role="status">{texts.loading}</p>}
        {failed && (
          <p role="alert">
            {texts.failed}{' '}
            <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'chat.retry' })}>
              {texts.tryAgain}
            </button>
          </p>
        )}
        {conversation && <Conversation actor={actor} {...props} />}
        {conversation === null && <Unloaded actor={actor} texts={texts} />}
      </div>
    </section>
  );
}

function Conversation({ actor, texts, patientName, services, token, appointmentId }: ChatPanelProps & { actor: PanelActor }) {
  const conversation = useSelector(actor, selectConversation)!;
  const messages = useSelector(actor, selectMessages);
  const waiting = useSelector(actor, selectIsWaiting);
  const reconnecting = useSelector(actor, selectIsReconnecting);
  const readOnly = useSelector(actor, selectIsReadOnly);
  const closed = useSelector(actor, selectIsClosed);
  const live = useSelector(actor, selectIsLive);
  const outbox = useSelector(actor, selectOutbox);
  const logRef = useRef<HTMLDivElement>(null);

  // The newest message in view, as a chat shows it.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, outbox.length]);

  if (closed) return <p className="notice">{texts.closed}</p>;
  const names = { patient: patientName, doctor: conversation.doctorName };
  const whoWrote = (m: ChatMessage) => (m.from === conversation.as ? texts.you : names[m.from]);
  const opens = clinicTimeAndDate(conversation.opensAt);
  return (
    <>
      {waiting && opens && (
        <p>
          {opens.date === clinicTimeAndDate(new Date().toISOString())?.date
            ? texts.opensAt(opens.time)
            : texts.opensOn(formatClinicDate(opens.date), opens.time)}
        </p>
      )}
      {reconnecting && (
        <p role="status" className="chat__reconnecting">
          {texts.reconnecting}
        </p>
      )}
      {conversation.state === 'followup' && conversation.followUpUntil && conversation.as !== 'admin' && (
        <p>{texts.followUp(formatClinicInstant(conversation.followUpUntil) ?? conversation.followUpUntil)}</p>
      )}
      {readOnly && <p className="notice">{conversation.as === 'admin' ? texts.auditOnly : texts.readOnly}</p>}
      {!waiting && (
        <div ref={logRef} className="chat__log" role="log" aria-live="polite" aria-label={texts.log} tabIndex={0}>
          {messages.length === 0 && outbox.length === 0 ? (
            <p className="chat__empty">{texts.noMessages}</p>
          ) : (
            <ol className="chat__messages">
              {messages.map((m) => (
                <li key={m.id} className={`chat__message chat__message--${m.from === conversation.as ? 'own' : 'other'}${m.photo ? ' chat__message--photo' : ''}`}>
                  <p className="chat__meta">
                    <span className="chat__who">{whoWrote(m)}</span> <time dateTime={m.at}>{messageTime(m.at)}</time>
                  </p>
                  {m.photo && (
                    <ChatPhoto
                      appointmentId={appointmentId}
                      photo={m.photo}
                      token={token}
                      load={services.loadPhoto}
                      alt={texts.photoAlt(whoWrote(m), messageTime(m.at))}
                      texts={texts}
                    />
                  )}
                  {m.text !== '' && <p className="chat__text">{m.text}</p>}
                </li>
              ))}
              <Waiting outbox={outbox} texts={texts} />
            </ol>
          )}
        </div>
      )}
      {(live || reconnecting) && conversation.canWrite && <Composer actor={actor} texts={texts} />}
    </>
  );
}

/**
 * Not loaded yet, and offline (the machine tries again by itself): the texts waiting to be sent,
 * and the box to write more, which go once the connection returns.
 */
function Unloaded({ actor, texts }: { actor: PanelActor; texts: ChatTexts }) {
  const reconnecting = useSelector(actor, selectIsReconnecting);
  const outbox = useSelector(actor, selectOutbox);
  if (!reconnecting && outbox.length === 0) return null;
  return (
    <>
      {reconnecting && (
        <p role="status" className="chat__reconnecting">
          {texts.reconnecting}
        </p>
      )}
      {outbox.length > 0 && (
        <div className="chat__log" role="log" aria-live="polite" aria-label={texts.log} tabIndex={0}>
          <ol className="chat__messages">
            <Waiting outbox={outbox} texts={texts} />
          </ol>
        </div>
      )}
      {reconnecting && <Composer actor={actor} texts={texts} />}
    </>
  );
}

/** The texts written and not yet sent, as own messages marked "Waiting to send". */
function Waiting({ outbox, texts }: { outbox: readonly ChatOutboxItem[]; texts: ChatTexts }) {
  return (
    <>
      {outbox.map((item) => (
        <li key={item.clientId} className="chat__message chat__message--own chat__message--waiting">
          <p className="chat__meta">
            <span className="chat__who">{texts.you}</span> <span className="chat__pending">{texts.waitingToSend}</span>
          </p>
          <p className="chat__text">{item.text}</p>
        </li>
      ))}
    </>
  );
}

/** A message's time in clinic time: the time of day today, the day and time before. */
function messageTime(at: string): string {
  const when = clinicTimeAndDate(at);
  if (!when) return at;
  return when.date === clinicTimeAndDate(new Date().toISOString())?.date ? when.time : (formatClinicInstant(at) ?? at);
}

function Composer({ actor, texts }: { actor: PanelActor; texts: ChatTexts }) {
  const draft = useSelector(actor, selectDraft);
  const problem = useSelector(actor, selectProblem);
  const canSend = useSelector(actor, selectCanSend);
  const canSendPhoto = useSelector(actor, selectCanSendPhoto);
  const sendingText = useSelector(actor, selectIsSendingText);
  const sendingPhoto = useSelector(actor, selectIsSendingPhoto);
  const textId = useId();
  const photoId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const textError = problem && 'text' in problem && problem.field === 'text' ? problem.text : null;
  // The server's refusals of a photo are whole sentences (not a type, too large, past a quota) that
  // name the field with the refusal's own words: the API client says those in the language in use,
  // by the refusal's code (src/api/client.ts, src/api/serverWords.ts).
  const photoError = problem?.field === 'photo' ? ('kind' in problem ? texts[problem.kind] : problem.text) : null;

  // A refusal moves focus to the field it is about, where it is said.
  useEffect(() => {
    if (problem?.field === 'text') textRef.current?.focus();
    if (problem?.field === 'photo') photoRef.current?.focus();
  }, [problem]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    actor.send({ type: 'message.send', text: draft });
    // Back to the box for the next message (after a click on Send too).
    textRef.current?.focus();
  };
  return (
    <form className="chat__composer" onSubmit={submit} noValidate>
      <div className="chat__field">
        <label htmlFor={textId}>{texts.messageLabel}</label>
        <textarea
          id={textId}
          ref={textRef}
          rows={2}
          value={draft}
          onChange={(event) => actor.send({ type: 'draft.changed', text: event.target.value })}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter starts a new line, as chats do.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${textId}-error` : undefined}
        />
        {textError && (
          <p id={`${textId}-error`} className="chat__error">
            {textError}
          </p>
        )}
      </div>
      <p className="chat__send">
        <button type="submit" className="button button--primary" aria-disabled={!canSend || undefined} aria-busy={sendingText}>
          {sendingText ? texts.sending : texts.send}
        </button>
      </p>
      <div className="chat__field chat__field--photo">
        <label htmlFor={photoId}>{texts.photoLabel}</label>
        <p id={`${photoId}-hint`} className="chat__hint">
          {texts.photoHint}
        </p>
        <input
          id={photoId}
          ref={photoRef}
          type="file"
          accept={chatPhotoAccept}
          onChange={(event) => {
            const photo = event.target.files?.[0];
            event.target.value = ''; // the same file can be chosen again
            if (photo && canSendPhoto) actor.send({ type: 'photo.send', photo });
          }}
          aria-disabled={!canSendPhoto || undefined}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={[`${photoId}-hint`, photoError && `${photoId}-error`].filter(Boolean).join(' ')}
        />
        {sendingPhoto && <p role="status">{texts.sendingPhoto}</p>}
        {photoError && (
          <p id={`${photoId}-error`} className="chat__error">
            {photoError}
          </p>
        )}
      </div>
    </form>
  );
}

/** A photo of the conversation, fetched with the token and shown through an object URL, revoked when it goes. */
function ChatPhoto({
  appointmentId,
  photo,
  token,
  load,
  alt,
  texts,
}: {
  appointmentId: string;
  photo: NonNullable<ChatMessage['photo']>;
  token: string;
  load: ChatServices['loadPhoto'];
  alt: string;
  texts: ChatTexts;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    load({ appointmentId, photoId: photo.id, token }, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => controller.signal.aborted || setFailed(true),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [appointmentId, photo.id, token, load]);
  // The photo's place is kept while it loads, so the log does not jump (and stays scrolled to the newest).
  return (
    <span className="chat__photo-frame" style={{ aspectRatio: `${photo.width} / ${photo.height}`, maxWidth: `${photo.width}px` }}>
      {src ? (
        <img className="chat__photo" src={src} alt={alt} width={photo.width} height={photo.height} />
      ) : (
        <span className="chat__photo-state">{failed ? texts.photoFailed : texts.photoLoading}</span>
      )}
    </span>
  );
}
