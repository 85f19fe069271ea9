-- Issue 12, "Online consultations without a clinic": Chat, Video and Call happen at no clinic.
-- Their slots come from doctor_online_hours (009), and an appointment booked from those hours
-- names no location. A Clinic Visit always names one.
--
-- Transitional: an online-type appointment MAY still name a location. Bookings made before this
-- migration did (the popup asked for a location whatever the type), and a request that names a
-- location for Chat/Video/Call is still booked from the doctor's clinic hours there, as before
-- (docs/availability.md says why and what remains).
alter table appointments
  alter column location_id drop not null,
  add constraint appointments_location_check check (consultation_type <> 'Clinic Visit' or location_id is not null);

-- The availability strip (GET /api/doctor/availability/...) reads a doctor's live holds over two
-- weeks through appointments_doctor_date_idx (004), and online hours through
-- doctor_online_hours_start_key (009, doctor first): no new index.
