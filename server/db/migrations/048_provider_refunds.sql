-- Refunds made through the payment provider's refund API (docs/refunds.md): a paid appointment
-- cancelled by the clinic, or by the patient inside the free-cancellation window
-- (CANCEL_FREE_HOURS), has its payment refunded by the background job server/jobs/refunds.ts.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- One row per attempt at refunding one payment. `merchant_refund_id` is the key sent to the
-- provider: made from the payment and the attempt, so a job that runs again (a crash after the
-- request, two instances) sends the same key, which the provider accepts once. At most one
-- attempt of a payment is live or done (new, pending, completed): a second one only after the
-- last failed, when an admin retries it.
create table provider_refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments (id) on delete restrict,
  appointment_id uuid not null references appointments (id) on delete restrict,
  attempt integer not null,
  merchant_refund_id text not null,
  provider text not null,
  amount_paise bigint not null,
  -- new: not yet asked of the provider; pending: the provider took it (PENDING or CONFIRMED);
  -- completed / failed: its final word; cancelled: an admin recorded it as paid back by hand
  -- before it was asked.
  state text not null default 'new',
  provider_refund_id text,
  error_code text,
  -- The first request was sent (a run after this asks the status first: it may have arrived).
  requested_at timestamptz,
  -- One worker at a time: the job that holds the lease asks the provider.
  lease_until timestamptz,
  -- When the sweep queues its next request or status check (null once final).
  next_check_at timestamptz,
  checks integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz,
  constraint provider_refunds_merchant_refund_id_key unique (merchant_refund_id),
  constraint provider_refunds_attempt_key unique (payment_id, attempt),
  constraint provider_refunds_merchant_refund_id_check check (merchant_refund_id ~ '^[A-Za-z0-9_-]{1,63}$'),
  constraint provider_refunds_state_check check (state in ('new', 'pending', 'completed', 'failed', 'cancelled')),
  constraint provider_refunds_provider_check check (provider in ('sandbox', 'phonepe')),
  constraint provider_refunds_amount_check check (amount_paise > 0),
  constraint provider_refunds_attempt_check check (attempt >= 1),
  constraint provider_refunds_ids_check check (length(provider_refund_id) <= 100 and length(error_code) <= 100)
);
-- Never two refunds of one payment: one attempt at most that is not failed or cancelled.
create unique index provider_refunds_live_key on provider_refunds (payment_id) where state in ('new', 'pending', 'completed');
create index provider_refunds_due_idx on provider_refunds (next_check_at) where state in ('new', 'pending');
create index provider_refunds_appointment_idx on provider_refunds (appointment_id);

-- The patient's mail once the refund completed ('refund-done:<provider_refunds.id>', once).
alter table job_mails drop constraint job_mails_kind_check;
alter table job_mails add constraint job_mails_kind_check
  check (kind in ('refund', 'refund-summary', 'morning-list', 'confirmation', 'prescription', 'code-cap', 'phone-changed', 'follow-up', 'refund-done'));
