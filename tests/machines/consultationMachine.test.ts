import { describe, expect, it } from 'vitest';
import {
  selectAppointment,
  selectFailure,
  selectIsCancelled,
  selectIsSavingPrescription,
  selectIsUpdate,
  selectOffersOrder,
  selectOffersPrescription,
  selectOrderForm,
  selectPayments,
  selectPrescription,
  selectPrescriptionProblems,
  selectStatus,
} from '../../machines/consultation/selectors.js';
import { checkPrescription, parseRupees, prescriptionDraftOf } from '../../machines/consultation/forms.js';
import { checkOrderDraft, type DraftLine } from '../../machines/order/context.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { detailOf, orderItem, orderLocations, orderPreviewOf, prescription, startConsultation, staffAppointment, staffOrder } from './staffConsoleFakes.js';

async function opened(record = staffAppointment()) {
  const started = startConsultation(record._id);
  started.calls.loadAppointment.latest().resolve(detailOf(record));
  await settle();
  return { ...started, record };
}

/** Types a whole prescription into the form (the first remedy row is there already). */
function typePrescription(send: ReturnType<typeof startConsultation>['send'], key: number) {
  send({ type: 'prescription.changed', field: 'complain', value: '  Eczema on both hands ' });
  send({ type: 'prescription.changed', field: 'diagnosis', value: 'Hand eczema' });
  send({ type: 'remedy.changed', key, field: 'medicineName', value: 'Graphites' });
  send({ type: 'remedy.changed', key, field: 'dosage', value: '4 pills' });
  send({ type: 'remedy.changed', key, field: 'frequency', value: 'twice a day' });
  send({ type: 'prescription.changed', field: 'potency', value: '30C' });
  send({ type: 'prescription.changed', field: 'duration', value: '4 weeks' });
  send({ type: 'prescription.changed', field: 'pharmacyName', value: 'Sahaj Pharmacy' });
  send({ type: 'prescription.changed', field: 'pharmacyId', value: 'PH-7' });
  send({ type: 'prescription.changed', field: 'instructions', value: 'Avoid strong soaps.' });
  send({ type: 'prescription.showMedicine', value: true });
}

describe('forms', () => {
  it('needs the complaint and, on each row not left blank, all three remedy fields', () => {
    const draft = prescriptionDraftOf({ ...prescription, complain: ' ', diagnosis: '', remedies: [] });
    const rows = {
      ...draft,
      remedies: [
        { key: 1, medicineName: '', dosage: '', frequency: '' },
        { key: 2, medicineName: 'Sulphur', dosage: '', frequency: 'daily' },
      ],
    };
    expect(checkPrescription(rows)).toEqual({ ok: false, problems: { complain: 'required', diagnosis: 'required', 'remedies.1.dosage': 'required' } });
    const fixed = { ...rows, complain: 'Itch', diagnosis: 'Eczema', remedies: [rows.remedies[0]!, { ...rows.remedies[1]!, dosage: '2 pills' }] };
    const checked = checkPrescription(fixed);
    expect(checked.ok && checked.value.remedies).toEqual([{ medicineName: 'Sulphur', dosage: '2 pills', frequency: 'daily' }]);
    expect(checkPrescription({ ...fixed, instructions: 'x'.repeat(2001) })).toEqual({ ok: false, problems: { instructions: 'tooLong' } });
  });

  it('takes the history, investigations and follow-up as written; checks the follow-up numbers', () => {
    const draft = { ...prescriptionDraftOf(prescription), history: ' Worse in winter ', investigations: 'Serum IgE' };
    const after = (every: string, times: string) => ({ ...draft, followUp: { kind: 'after' as const, every, unit: 'weeks' as const, times } });
    const checked = checkPrescription(after('2', '3'));
    expect(checked.ok && [checked.value.history, checked.value.investigations, checked.value.followUp]).toEqual([
      'Worse in winter',
      'Serum IgE',
      { kind: 'after', every: 2, unit: 'weeks', times: 3 },
    ]);
    expect(checkPrescription(after('', '13'))).toEqual({ ok: false, problems: { 'followUp.every': 'required', 'followUp.times': 'outOfRange' } });
    expect(checkPrescription(after('1.5', '0'))).toEqual({ ok: false, problems: { 'followUp.every': 'notWholeNumber', 'followUp.times': 'outOfRange' } });
    const asNeeded = checkPrescription({ ...draft, followUp: { ...draft.followUp, kind: 'asNeeded' } });
    expect(asNeeded.ok && asNeeded.value.followUp).toEqual({ kind: 'asNeeded' });
    expect(prescriptionDraftOf({ ...prescription, followUp: { kind: 'after', every: 10, unit: 'days', times: 1 } }).followUp).toEqual({
      kind: 'after', every: '10', unit: 'days', times: '1',
    });
  });

  it('reads rupees as typed and checks the order', () => {
    expect(parseRupees('1,250.50')).toBe(1250.5);
    expect(parseRupees('₹ 450')).toBe(450);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
    const draft = { locationId: 'loc-1', fulfilment: 'pickup' as const, deliveryAddress: '', paymentMode: 'Card' as const };
    const itemLine: DraftLine = { key: 1, itemId: 'i-arn', name: 'Arnica 30C', cataloguePrice: 90, price: '', quantity: '2' };
    const handLine: DraftLine = { key: 2, itemId: null, name: ' Calendula cream ', cataloguePrice: null, price: '1,250.50', quantity: '1' };
    expect(checkOrderDraft({ ...draft, lines: [itemLine, handLine] })).toEqual({
      ok: true,
      value: { lines: [{ itemId: 'i-arn', quantity: 2 }, { name: 'Calendula cream', quantity: 1, unitPrice: 1250.5 }], paymentMode: 'Card', locationId: 'loc-1', fulfilment: 'pickup' },
    });
    expect(checkOrderDraft({ ...draft, lines: [], locationId: '', fulfilment: 'delivery' })).toEqual({
      ok: false,
      problems: { lines: 'required', locationId: 'required', deliveryAddress: 'required' },
    });
    expect(checkOrderDraft({ ...draft, lines: [{ ...handLine, name: '', price: '0', quantity: '100' }] })).toEqual({
      ok: false,
      problems: { 'lines.0.quantity': 'notQuantity', 'lines.0.name': 'required', 'lines.0.unitPrice': 'notPositive' },
    });
    expect(checkOrderDraft({ ...draft, lines: [{ ...handLine, price: '12.345' }] })).toEqual({ ok: false, problems: { 'lines.0.unitPrice': 'notAmount' } });
    expect(checkOrderDraft({ ...draft, lines: [{ ...itemLine, quantity: '' }] })).toEqual({ ok: false, problems: { 'lines.0.quantity': 'required' } });
    const delivered = checkOrderDraft({ ...draft, lines: [itemLine], fulfilment: 'delivery', deliveryAddress: ' 12 MG Road, Pune ' });
    expect(delivered.ok && delivered.value.deliveryAddress).toBe('12 MG Road, Pune');
  });
});

describe('consultationMachine: opening', () => {
  it('loads the appointment with the token, then offers the prescription form with one empty remedy row', async () => {
    const record = staffAppointment();
    const { snapshot, calls } = startConsultation(record._id);
    expect(selectStatus(snapshot())).toBe('loading');
    expect(calls.loadAppointment.latest().input).toEqual({ appointmentId: record._id, token: 'tok-doc' });
    const payments = [
      {
        merchantOrderId: 'M-1',
        provider: 'sandbox',
        purpose: 'appointment' as const,
        amount: 450,
        status: 'paid' as const,
        createdAt: '2025-03-09T05:00:00.000Z',
        settledAt: '2025-03-09T05:01:00.000Z',
      },
    ];
    calls.loadAppointment.latest().resolve(detailOf(record, payments));
    await settle();
    expect(selectStatus(snapshot())).toBe('ready');
    expect(selectAppointment(snapshot())).toEqual(record);
    expect(selectPayments(snapshot())).toEqual(payments);
    expect(selectOffersPrescription(snapshot())).toBe(true);
    expect(selectIsUpdate(snapshot())).toBe(false);
    expect(selectPrescription(snapshot()).remedies).toEqual([{ key: 1, medicineName: '', dosage: '', frequency: '' }]);
    expect(selectOffersOrder(snapshot())).toBe(false);
  });

  it("another doctor's appointment (403) or none (404) is refused with the server's words; no answer offers a retry", async () => {
    const other = startConsultation();
    other.calls.loadAppointment.latest().reject(refused(403, "This appointment is another doctor's."));
    await settle();
    expect(selectStatus(other.snapshot())).toBe('refused');
    expect(selectFailure(other.snapshot())).toBe("This appointment is another doctor's.");

    const { snapshot, send, calls, emitted } = startConsultation();
    calls.loadAppointment.latest().reject(unanswered);
    await settle();
    expect(selectStatus(snapshot())).toBe('failed');
    send({ type: 'consultation.retry' });
    // A 401 fails as no answer does (the request base, not this machine, ends the session).
    calls.loadAppointment.latest().reject(refusedPlainly(401));
    await settle();
    expect(emitted.all).toEqual([]);
    expect(selectStatus(snapshot())).toBe('failed');
  });

  it('a Cancelled appointment offers no form at all', async () => {
    const { snapshot, send, calls } = await opened(staffAppointment({ appointmentStatus: 'Cancelled' }));
    expect(selectIsCancelled(snapshot())).toBe(true);
    expect(selectOffersPrescription(snapshot())).toBe(false);
    expect(selectOffersOrder(snapshot())).toBe(false);
    send({ type: 'prescription.save' });
    expect(calls.completeAppointment.calls).toHaveLength(0);
  });

  it('a Completed one is prefilled, saved as an update, and offers the order form, which loads the locations', async () => {
    const { snapshot, calls } = await opened(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription }));
    expect(selectIsUpdate(snapshot())).toBe(true);
    expect(selectPrescription(snapshot()).complain).toBe(prescription.complain);
    expect(selectPrescription(snapshot()).remedies).toHaveLength(1);
    expect(selectOffersOrder(snapshot())).toBe(true);
    expect(calls.loadPharmacies.latest().input).toEqual({ token: 'tok-doc' });
    calls.loadPharmacies.latest().resolve(orderLocations);
    await settle();
    const form = selectOrderForm(snapshot())!.getSnapshot().context;
    expect(form).toMatchObject({ lines: [], locationId: 'loc-1', fulfilment: 'pickup', paymentMode: 'Card' });
  });

  it('a Completed one with its order offers no order form', async () => {
    const { snapshot } = await opened(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription, order: staffOrder() }));
    expect(selectOffersPrescription(snapshot())).toBe(true);
    expect(selectOffersOrder(snapshot())).toBe(false);
  });
});

describe('consultationMachine: completing', () => {
  it('shows problems at the fields and sends nothing; editing rows clears them', async () => {
    const { snapshot, send, calls, emitted } = await opened();
    send({ type: 'remedy.changed', key: 1, field: 'dosage', value: '4 pills' });
    send({ type: 'prescription.save' });
    expect(selectPrescriptionProblems(snapshot())).toEqual({ complain: 'required', diagnosis: 'required', 'remedies.0.medicineName': 'required', 'remedies.0.frequency': 'required' });
    expect(noticeWords(emitted.take())).toEqual(['checkFields']);
    expect(calls.completeAppointment.calls).toHaveLength(0);
    send({ type: 'remedy.removed', key: 1 });
    expect(selectPrescriptionProblems(snapshot())).toEqual({});
    expect(selectPrescription(snapshot()).remedies).toEqual([]);
    send({ type: 'remedy.added' });
    send({ type: 'remedy.added' });
    expect(selectPrescription(snapshot()).remedies.map((r) => r.key)).toEqual([1, 2]);
  });

  it('completes with the trimmed prescription, says so, then offers the order', async () => {
    const { snapshot, send, calls, emitted, record } = await opened();
    typePrescription(send, 1);
    send({ type: 'remedy.added' });
    send({ type: 'prescription.save' });
    expect(selectIsSavingPrescription(snapshot())).toBe(true);
    expect(calls.completeAppointment.latest().input).toEqual({ appointmentId: record._id, medicines: prescription, token: 'tok-doc' });
    // Typing while it saves changes nothing.
    send({ type: 'prescription.changed', field: 'complain', value: 'other' });
    expect(selectPrescription(snapshot()).complain).toBe('  Eczema on both hands ');

    const done = { ...record, appointmentStatus: 'Completed' as const, medicines: prescription };
    calls.completeAppointment.latest().resolve({ message: 'Consultation completed.', appointment: done });
    await settle();
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'server', text: 'Consultation completed.' } },
      { type: 'appointment.changed', appointment: done },
    ]);
    expect(selectAppointment(snapshot())).toEqual(done);
    expect(selectIsUpdate(snapshot())).toBe(true);
    expect(selectOffersPrescription(snapshot())).toBe(true);
    expect(selectOffersOrder(snapshot())).toBe(true);
    expect(calls.loadPharmacies.calls).toHaveLength(1);
    // The form now shows the prescription as saved: trimmed, without the blank row added above.
    expect(selectPrescription(snapshot())).toEqual(prescriptionDraftOf(prescription));
    expect(selectPrescription(snapshot()).remedies).toHaveLength(prescription.remedies.length);
  });

  it("a refusal keeps the form with the server's words; a conflict loads the appointment again", async () => {
    const { snapshot, send, calls, emitted, record } = await opened();
    typePrescription(send, 1);
    send({ type: 'prescription.save' });
    calls.completeAppointment.latest().reject(unanswered);
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['somethingWentWrong']);
    expect(selectOffersPrescription(snapshot())).toBe(true);
    expect(selectPrescription(snapshot()).complain).toBe('  Eczema on both hands ');

    send({ type: 'prescription.save' });
    calls.completeAppointment.latest().reject(refused(409, 'This appointment was cancelled: it cannot be completed.'));
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['server: This appointment was cancelled: it cannot be completed.']);
    expect(calls.loadAppointment.calls).toHaveLength(2);
    // The appointment stays shown while it loads again.
    expect(selectStatus(snapshot())).toBe('ready');
    calls.loadAppointment.latest().resolve(detailOf({ ...record, appointmentStatus: 'Cancelled' }));
    await settle();
    expect(selectIsCancelled(snapshot())).toBe(true);
  });

  it('a 401 while saving is refused as any other answer (the request base ends the session)', async () => {
    const { send, calls, emitted } = await opened();
    typePrescription(send, 1);
    send({ type: 'prescription.save' });
    calls.completeAppointment.latest().reject(refusedPlainly(401));
    await settle();
    expect(emitted.take().map((e) => e.type)).toEqual(['notice']);
  });
});

describe('consultationMachine: the order', () => {
  const completedRecord = () => staffAppointment({ appointmentStatus: 'Completed', medicines: prescription });

  it('checks the fields first, prices it on the server, then creates it, and the form goes', async () => {
    const { snapshot, calls, emitted, record } = await opened(completedRecord());
    calls.loadPharmacies.latest().resolve(orderLocations);
    await settle();
    const form = selectOrderForm(snapshot())!;
    form.send({ type: 'order.preview' });
    expect(form.getSnapshot().context.problems).toEqual({ lines: 'required' });
    expect(emitted.take()).toEqual([]);
    expect(calls.previewOrder.calls).toHaveLength(0);

    form.send({ type: 'item.picked', item: orderItem });
    form.send({ type: 'mode.chosen', paymentMode: 'Cash' });
    form.send({ type: 'order.preview' });
    expect(form.getSnapshot().context.problems).toEqual({});
    expect(form.getSnapshot().hasTag('busy')).toBe(true);
    const sent = { appointmentId: record._id, order: { lines: [{ itemId: 'i-arn', quantity: 1 }], paymentMode: 'Cash', locationId: 'loc-1', fulfilment: 'pickup' }, token: 'tok-doc' };
    expect(calls.previewOrder.latest().input).toEqual(sent);
    calls.previewOrder.latest().resolve(orderPreviewOf());
    await settle();
    form.send({ type: 'order.place' });
    expect(calls.createOrder.latest().input).toEqual(sent);
    const withOrder = { ...record, order: staffOrder({ pharmacyId: 'Aundh', totalPrice: 94.5, paymentMode: 'Cash' }) };
    calls.createOrder.latest().resolve({ message: 'Order created.', appointment: withOrder });
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['server: Order created.']);
    expect(selectOffersOrder(snapshot())).toBe(false);
    expect(selectOrderForm(snapshot())).toBeUndefined();
    expect(selectAppointment(snapshot())?.order?.totalPrice).toBe(94.5);
  });

  it('a refusal keeps the form; an order made meanwhile (409) loads the appointment again', async () => {
    const { snapshot, calls, emitted, record } = await opened(completedRecord());
    calls.loadPharmacies.latest().resolve(orderLocations);
    await settle();
    const form = selectOrderForm(snapshot())!;
    form.send({ type: 'item.picked', item: orderItem });
    form.send({ type: 'order.preview' });
    calls.previewOrder.latest().resolve(orderPreviewOf());
    await settle();
    form.send({ type: 'order.place' });
    calls.createOrder.latest().reject(refused(400, 'That item is no longer in the catalogue.'));
    await settle();
    // The form says why (beside itself, not as a toast) and keeps the draft.
    expect(emitted.take()).toEqual([]);
    expect(selectOffersOrder(snapshot())).toBe(true);
    expect(form.getSnapshot().context.failure).toBe('That item is no longer in the catalogue.');
    expect(form.getSnapshot().context.lines.map((l) => l.itemId)).toEqual(['i-arn']);
    form.send({ type: 'order.preview' });
    calls.previewOrder.latest().resolve(orderPreviewOf());
    await settle();
    form.send({ type: 'order.place' });
    calls.createOrder.latest().reject(refused(409, 'This appointment already has an order.'));
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['server: This appointment already has an order.']);
    calls.loadAppointment.latest().resolve(detailOf({ ...record, order: staffOrder() }));
    await settle();
    expect(selectOffersOrder(snapshot())).toBe(false);
  });
});

describe('consultationMachine: the record replaced (an admin set the order status)', () => {
  const withOrder = () => staffAppointment({ appointmentStatus: 'Completed', medicines: prescription, order: staffOrder() });

  it('stores the record as answered and keeps the unsaved prescription draft and its problems', async () => {
    const { snapshot, send, calls, emitted, record } = await opened(withOrder());
    send({ type: 'prescription.changed', field: 'complain', value: 'Eczema, worse at night' });
    send({ type: 'remedy.added' });
    const added = selectPrescription(snapshot()).remedies[1]!.key;
    send({ type: 'remedy.changed', key: added, field: 'medicineName', value: 'Sulphur' });
    send({ type: 'prescription.save' });
    const problems = { 'remedies.1.dosage': 'required', 'remedies.1.frequency': 'required' };
    expect(selectPrescriptionProblems(snapshot())).toEqual(problems);
    emitted.take();
    const typed = selectPrescription(snapshot());

    const ready = { ...record, order: staffOrder({ orderStatus: 'Ready' }) };
    send({ type: 'appointment.replaced', appointment: ready });
    expect(selectAppointment(snapshot())).toEqual(ready);
    expect(selectPrescription(snapshot())).toBe(typed);
    expect(selectPrescription(snapshot()).complain).toBe('Eczema, worse at night');
    expect(selectPrescription(snapshot()).remedies).toHaveLength(2);
    expect(selectPrescriptionProblems(snapshot())).toEqual(problems);
    expect(selectOffersPrescription(snapshot())).toBe(true);
    expect(selectIsUpdate(snapshot())).toBe(true);
    // Nothing is loaded or sent again, and nothing is said (the popup said it).
    expect(calls.loadAppointment.calls).toHaveLength(1);
    expect(calls.completeAppointment.calls).toHaveLength(0);
    expect(emitted.take()).toEqual([]);
  });

  it('keeps the order draft; the order form follows the record (an order made elsewhere hides it)', async () => {
    const { snapshot, send, calls, record } = await opened(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription }));
    calls.loadPharmacies.latest().resolve(orderLocations);
    await settle();
    const form = selectOrderForm(snapshot())!;
    form.send({ type: 'item.picked', item: orderItem });
    form.send({ type: 'mode.chosen', paymentMode: 'Cash' });
    send({ type: 'appointment.replaced', appointment: { ...record, consultationFee: 500 } });
    expect(selectOffersOrder(snapshot())).toBe(true);
    expect(selectOrderForm(snapshot())).toBe(form);
    expect(form.getSnapshot().context).toMatchObject({ paymentMode: 'Cash', lines: [{ itemId: 'i-arn', quantity: '1' }] });
    send({ type: 'appointment.replaced', appointment: { ...record, order: staffOrder({ appointmentId: record._id }) } });
    expect(selectOffersOrder(snapshot())).toBe(false);
    expect(selectOrderForm(snapshot())).toBeUndefined();
  });

  it("ignores another appointment's record, and any record before the appointment is shown", async () => {
    const record = withOrder();
    const { snapshot, send, calls } = startConsultation(record._id);
    send({ type: 'appointment.replaced', appointment: record });
    expect(selectStatus(snapshot())).toBe('loading');
    expect(selectAppointment(snapshot())).toBeNull();
    calls.loadAppointment.latest().resolve(detailOf(record));
    await settle();
    send({ type: 'appointment.replaced', appointment: staffAppointment({ appointmentStatus: 'Cancelled' }) });
    expect(selectAppointment(snapshot())).toEqual(record);
    expect(selectIsCancelled(snapshot())).toBe(false);
  });
});
