-- The portal's own one-to-one video (VIDEO_PROVIDER=portal; server/services/video.ts,
-- docs/consultations.md): who holds the call's one seat per side, whether the doctor admitted the
-- patient, and the signalling messages (WebRTC offers, answers, ICE candidates) the two browsers
-- exchange through the server. The media itself never passes through the server.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- One row per Video appointment, made at the first join. `*_tab`: the browser tab that holds
-- that side's seat (a random id the tab made); a newer tab of the same person takes the seat and
-- the older one is told "opened elsewhere". `admitted_at`: the doctor let the patient in.
create table video_calls (
  appointment_id uuid primary key references appointments (id) on delete cascade,
  patient_tab text,
  doctor_tab text,
  admitted_at timestamptz,
  created_at timestamptz not null,
  constraint video_calls_tab_check check ((patient_tab is null or patient_tab ~ '^[A-Za-z0-9_-]{16,64}$') and (doctor_tab is null or doctor_tab ~ '^[A-Za-z0-9_-]{16,64}$'))
);

-- The signalling messages, addressed to one side (`to_role`). Written and announced as the chat's
-- messages are (NOTIFY on chat_message with ids only, server/chat/hub.ts), read by that side's
-- stream after the last id it sent. `body` is the message (an SDP, a candidate) as the browser
-- sent it, at most 16 kB. They are needed only while the call runs and carry the browsers'
-- network addresses: a side's first join deletes what was addressed to it before, any join
-- deletes every signal older than a day (server/services/video.ts), and they go with the appointment.
create table video_signals (
  id bigint generated always as identity (cache 1) primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  to_role text not null,
  kind text not null,
  body jsonb not null default '{}',
  at timestamptz not null,
  constraint video_signals_role_check check (to_role in ('patient', 'doctor')),
  constraint video_signals_kind_check check (kind in ('peer', 'left', 'replaced', 'admitted', 'offer', 'answer', 'candidate', 'switched')),
  constraint video_signals_body_check check (octet_length(body::text) <= 16384)
);
create index video_signals_appointment_idx on video_signals (appointment_id, to_role, id);

-- The consultation record gains the video's own steps: the doctor admitted the patient, and the
-- doctor switched the consultation to a Call.
alter table consultation_events drop constraint consultation_events_kind_check;
alter table consultation_events add constraint consultation_events_kind_check
  check (kind in ('video.link', 'call.noanswer', 'video.admitted', 'video.switched'));
