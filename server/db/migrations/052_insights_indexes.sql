-- The owner's view (docs/insights.md, server/insights/repository.ts): its money is read by the
-- clinic day it moved, so a period's payments and refunds are found by their instants instead
-- of reading every payment ever taken. The visits are found through appointments_date_idx (027)
-- and the earlier visits of a person through appointments_user_idx (004): no new index there.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create index payments_settled_idx on payments (settled_at) where status in ('paid', 'refund');
create index refund_resolutions_resolved_idx on refund_resolutions (resolved_at);
