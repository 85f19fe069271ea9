/**
 * A doctor's queue of today (machines/desk/queue): a doctor sees their own at once, the desk
 * chooses a doctor. Who is in the room (Done, No-show, Back to queue), Call next (the room asked
 * once, then remembered on this device), the line in order with tokens and an estimate, and who
 * was seen or did not come (Back to queue). The machine follows the queue's live stream, and reads
 * the queue again every few seconds only while the stream is lost.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { QueueEntry, QueueMove } from '../../../contract/desk';
import type { DeskDoctor } from '../../../machines/desk/desk';
import {
  selectAskingRoom,
  selectCalled,
  selectDoctorId,
  selectFailure,
  selectFinished,
  selectIsBusy,
  selectIsLive,
  selectIsRefreshing,
  selectLine,
  selectMinutesPerPatient,
  selectQueueDoctor,
  selectQueueStatus,
  selectRoom,
} from '../../../machines/desk/queue/queueMachine';
import { formatClinicTime, formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { SelectField, TextField } from '../../ui/Field';
import { LoadState, patientNameOf } from '../parts';
import type { StaffServices } from '../services';
import { WithDeskDoctors } from './DeskDoctors';
import { useQueueActor } from './provider';
import './desk.css';

type QueueActor = ReturnType<typeof useQueueActor>;

export function QueueSection({ services }: { readonly services: StaffServices }) {
  return (
    <section className="desk desk-queue">
      <WithDeskDoctors services={services}>{(doctors) => <Queue services={services} doctors={doctors} />}</WithDeskDoctors>
    </section>
  );
}

function Queue({ services, doctors }: { readonly services: StaffServices; readonly doctors: readonly DeskDoctor[] }) {
  const texts = useDeskMessages().queue;
  const actor = useQueueActor(services, doctors);
  const status = useSelector(actor, selectQueueStatus);
  const doctor = useSelector(actor, selectQueueDoctor);
  const doctorId = useSelector(actor, selectDoctorId);
  const failure = useSelector(actor, selectFailure);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const live = useSelector(actor, selectIsLive);
  return (
    <>
      <h1>{doctor ? texts.headingOf(doctor.name) : texts.heading}</h1>
      {doctors.length > 1 && (
        <div className="desk-tools">
          <SelectField
            look="admin"
            label={texts.doctor}
            value={doctorId ?? ''}
            onValue={(id) => actor.send({ type: 'doctor.chosen', doctorId: id })}
            options={[...(doctorId === null ? [{ value: '', label: texts.chooseDoctor }] : []), ...doctors.map((d) => ({ value: d._id, label: d.name }))]}
          />
        </div>
      )}
      {status === 'noDoctor' && <p className="staff-state">{texts.chooseDoctor}</p>}
      <LoadState
        status={status === 'noDoctor' ? 'ready' : status}
        loadingText={texts.loading}
        failureText={failure ?? texts.failed}
        onRetry={() => actor.send({ type: 'queue.retry' })}
      />
      {status === 'ready' && (
        <>
          <p className="staff-state staff-state--quiet" aria-live="polite">
            {refreshing ? texts.refreshing : live ? texts.live : texts.polling}
          </p>
          <div className="desk-queue__board">
            <Room actor={actor} />
            <div>
              <Line actor={actor} />
              <Finished actor={actor} />
            </div>
          </div>
        </>
      )}
    </>
  );
}

/** One move's button, named with the token it acts on ("Done: T4"). */
function MoveButton({ actor, entry, move, primary = false }: { readonly actor: QueueActor; readonly entry: QueueEntry; readonly move: QueueMove; readonly primary?: boolean }) {
  const texts = useDeskMessages().queue;
  const busy = useSelector(actor, selectIsBusy);
  return (
    <button
      type="button"
      className={primary ? 'button button--primary' : 'button button--outline'}
      disabled={busy}
      aria-label={texts.moveOf(texts.moveNames[move], entry.token)}
      onClick={() => actor.send({ type: 'queue.move', entryId: entry._id, move })}
    >
      {texts.moveNames[move]}
    </button>
  );
}

/** Who is in the room, Call next, and the room the calls go to (asked once, changeable). */
function Room({ actor }: { readonly actor: QueueActor }) {
  const texts = useDeskMessages().queue;
  const called = useSelector(actor, selectCalled);
  const line = useSelector(actor, selectLine);
  const room = useSelector(actor, selectRoom);
  const asking = useSelector(actor, selectAskingRoom);
  const busy = useSelector(actor, selectIsBusy);
  const headingId = useId();
  return (
    <section className="staff-card desk-room" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.inRoom}</h2>
      {called ? (
        <div className="desk-room__now">
          <p className="desk-room__token">{called.token}</p>
          <p>
            {patientNameOf(called.appointment)}, {formatPhone(called.appointment.phoneNumber)}
            {called.room && ` · ${texts.calledTo(called.room)}`}
          </p>
          <p className="desk-form__actions">
            <MoveButton actor={actor} entry={called} move="done" primary />
            <MoveButton actor={actor} entry={called} move="noshow" />
            <MoveButton actor={actor} entry={called} move="back" />
          </p>
        </div>
      ) : (
        <p>{texts.nobodyInRoom}</p>
      )}
      <p className="desk-form__actions">
        <button type="button" className="button button--primary" disabled={busy || called !== null || line.length === 0} onClick={() => actor.send({ type: 'queue.call' })}>
          {texts.callNext}
        </button>
        <span className="desk-room__which">{room ? texts.roomIs(room) : texts.noRoom}</span>
        {room && asking === null && (
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'room.change' })}>
            {texts.changeRoom}
          </button>
        )}
      </p>
      {asking && <RoomForm actor={actor} asking={asking} />}
    </section>
  );
}

function RoomForm({ actor, asking }: { readonly actor: QueueActor; readonly asking: 'call' | 'change' }) {
  const texts = useDeskMessages().queue;
  const [room, setRoom] = useState(useSelector(actor, selectRoom));
  return (
    <form
      className="desk-form desk-room__form"
      aria-label={texts.roomQuestion}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'room.set', room });
      }}
    >
      <p>{texts.roomQuestion}</p>
      <TextField look="admin" label={texts.room} value={room} onValue={setRoom} required />
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={room.trim() === ''}>
          {asking === 'call' ? texts.callToRoom : texts.saveRoom}
        </button>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'room.cancelled' })}>
          {texts.cancel}
        </button>
      </p>
    </form>
  );
}

/** The line in order: token, patient, due time, booked or walk-in, and about how long. */
function Line({ actor }: { readonly actor: QueueActor }) {
  const texts = useDeskMessages().queue;
  const line = useSelector(actor, selectLine);
  const minutes = useSelector(actor, selectMinutesPerPatient);
  const headingId = useId();
  return (
    <section className="desk-line" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {texts.line} ({line.length})
      </h2>
      {line.length === 0 ? (
        <p className="staff-state">{texts.empty}</p>
      ) : (
        <ol className="desk-line__list" aria-label={texts.lineLabel}>
          {line.map((entry, index) => (
            <li key={entry._id} className="desk-line__entry">
              <span className="desk-line__token">{entry.token}</span>
              <span className="desk-line__who">
                {patientNameOf(entry.appointment)}
                <span className="desk-line__sub">
                  {texts.due(formatClinicTime(entry.dueTime))} · {texts.kinds[entry.kind]} · {texts.estimate(((entry.place ?? index + 1) - 1) * minutes)}
                </span>
              </span>
              <MoveButton actor={actor} entry={entry} move="noshow" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Finished({ actor }: { readonly actor: QueueActor }) {
  const texts = useDeskMessages().queue;
  const finished = useSelector(actor, selectFinished);
  const headingId = useId();
  if (finished.length === 0) return null;
  return (
    <section className="desk-line" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.finished}</h2>
      <ul className="desk-line__list">
        {finished.map((entry) => (
          <li key={entry._id} className="desk-line__entry desk-line__entry--finished">
            <span className="desk-line__token">{entry.token}</span>
            <span className="desk-line__who">
              {patientNameOf(entry.appointment)}
              <span className="desk-line__sub">{texts.statusNames[entry.status]}</span>
            </span>
            {entry.status === 'noshow' && <MoveButton actor={actor} entry={entry} move="back" />}
          </li>
        ))}
      </ul>
    </section>
  );
}
