-- Records never contradict each other (issue 10, point 7). Applied once, in a transaction, by
-- server/db/migrate.ts. Never edit an applied migration. (Numbered 008: 007 is another change's.)
--
-- A pharmacy order the clinic cancelled is never 'Completed': cancelling a paid order flags it
-- 'Refund' (server/services/staffAdmin.ts), and a payment that arrives after the cancel is owed back
-- too (server/services/payments.ts). Before that rule the second path marked a cancelled order
-- Completed: such rows become what they mean now, the order and the payment that paid it owed back
-- (listed under the staff console's refunds), before the check is added.
update payments p
   set status = 'refund', updated_at = now()
  from orders o
 where p.order_id = o.id and p.merchant_order_id = o.payment_id and p.status = 'paid'
   and o.order_status = 'Cancelled' and o.payment_status = 'Completed';
update orders set payment_status = 'Refund', updated_at = now()
 where order_status = 'Cancelled' and payment_status = 'Completed';

alter table orders add constraint orders_cancelled_paid_check check (order_status <> 'Cancelled' or payment_status <> 'Completed');

-- The appointment's side of the rule needs its payments (a cancelled appointment is 'refund' only
-- when a payment arrived after the cancel; a patient's cancel of a paid one keeps 'paid', spec §8),
-- which no check can see: it lives in the one function that settles every payment (payments.ts `settle`).
