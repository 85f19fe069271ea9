-- The owner's view (docs/insights.md, server/insights/repository.ts): its money is read by the
-- clinic day it moved, so a period's payments and refunds are found by their instants instead
-- of reading every payment ever taken. Whether a person seen in the period came before is one
-- index-only probe of appointments_seen_idx (its predicate is server/insights/repository.ts
-- seenBefore, word for word: a confirmed booking that was not cancelled). The visits themselves
-- are found through appointments_date_idx (027).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create index payments_settled_idx on payments (settled_at) where status in ('paid', 'refund');
create index refund_resolutions_resolved_idx on refund_resolutions (resolved_at);
create index appointments_seen_idx on appointments (user_id, date) include (family_member_id)
  where status <> 'Cancelled'
    and (booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed'));
