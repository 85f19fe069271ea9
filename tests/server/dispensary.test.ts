/**
 * The dispensary (docs/dispensary.md) on both backends: the catalogue an admin keeps, the
 * doctor's picker search, stock per location that never goes below zero, the low-stock list,
 * movements and audit rows, and dispensing a paid order once, all or nothing. The race on two
 * PostgreSQL instances is dispensary.race.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, seedIds } from './deskSupport.js';
import { arnica, countOf, itemWithStock, orderOf, quantityOf, staffApi, staffOk } from './dispensarySupport.js';
import { backends } from './helpers.js';

describe.each(backends)('%s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('seeds a demo catalogue stocked at every location', async () => {
    const { admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const { items } = await staffOk(t.app(), admin, 'GET', '/catalogue');
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items).toContainEqual(expect.objectContaining({ name: 'CALENDULA OFFICINALIS', form: 'mother_tincture', potency: 'Q', pack: '30 ml', archived: false }));
    const { lines, locations, locationId } = await staffOk(t.app(), admin, 'GET', `/stock?locationId=${ids.kothrud}`);
    expect(lines).toHaveLength(items.length);
    expect(locationId).toBe(ids.kothrud);
    expect(locations.map((l: { name: string }) => l.name)).toEqual(['Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar']);
    // None named: the first location's.
    expect((await staffOk(t.app(), admin, 'GET', '/stock')).locationId).toBe(ids.kothrud);
    expect(lines.every((l: { quantity: number }) => l.quantity >= 0)).toBe(true);
    // The seed's Ferrum phos is low everywhere (3, low at 5).
    const low = await staffOk(t.app(), admin, 'GET', '/stock/low');
    expect(low.lines.filter((l: { item: { name: string } }) => l.item.name === 'FERRUM PHOSPHORICUM')).toHaveLength(4);
  });

  it('an admin adds, edits and archives an item; a duplicate live item is 409 catalogueDuplicate; each change is audited', async () => {
    const { admin } = await deskStaff(t);
    const app = t.app();
    const { item } = await staffOk(app, admin, 'POST', '/catalogue', { ...arnica, name: '  Arnica   Montana ', pack: '1 dram' });
    expect(item).toMatchObject({ name: 'Arnica Montana', form: 'pills', potency: '30C', pack: '1 dram', price: 90, archived: false });

    const dup = await staffApi(app, admin, 'POST', '/catalogue', { ...arnica, name: 'ARNICA MONTANA', pack: '1 DRAM' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'catalogueDuplicate' });

    const { item: edited } = await staffOk(app, admin, 'PUT', `/catalogue/${item.id}`, { ...arnica, pack: '1 dram', price: 95.5 });
    expect(edited).toMatchObject({ id: item.id, price: 95.5 });
    // Editing it into the seed's own Arnica 30C 2 dram: the same remedy twice.
    const clash = await staffApi(app, admin, 'PUT', `/catalogue/${item.id}`, { ...arnica, name: 'ARNICA MONTANA' });
    expect(clash.json()).toMatchObject({ code: 'catalogueDuplicate' });

    const { item: archived } = await staffOk(app, admin, 'POST', `/catalogue/${item.id}/archive`);
    expect(archived.archived).toBe(true);
    // Archiving twice changes nothing; an archived item is not edited, and it is out of the live list.
    await staffOk(app, admin, 'POST', `/catalogue/${item.id}/archive`);
    expect((await staffApi(app, admin, 'PUT', `/catalogue/${item.id}`, { ...arnica, pack: '1 dram' })).json()).toMatchObject({ code: 'catalogueArchived' });
    expect((await staffOk(app, admin, 'GET', '/catalogue')).items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    expect((await staffOk(app, admin, 'GET', '/catalogue?status=archived')).items.map((i: { id: string }) => i.id)).toEqual([item.id]);
    // The same remedy may be added again once the old one is archived.
    await staffOk(app, admin, 'POST', '/catalogue', { ...arnica, pack: '1 dram' });

    const { rows } = await t.db().query<{ action: string; actor: string; details: any }>(
      `select action, actor, details from audit_log where action like 'catalogue.%' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['catalogue.created', 'catalogue.updated', 'catalogue.archived', 'catalogue.created']);
    expect(rows[1]!.details).toMatchObject({ before: { price: 90 }, after: { price: 95.5 } });
    expect(rows.every((r) => r.actor === admin.email)).toBe(true);
  });

  it('who may: staff read, admins write the catalogue, the desk changes stock and dispenses; a patient 403, nobody 401', async () => {
    const { admin, reception, doctor } = await deskStaff(t);
    const patient = await t.patient();
    const ids = await seedIds(t.db());
    const app = t.app();
    const itemId = await itemWithStock(t.db(), 'ACONITUM NAPELLUS', { locationId: ids.aundh, quantity: 5 });
    const order = await orderOf(t.db(), { locationId: ids.aundh, lines: [{ itemId, quantity: 1 }] });
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/catalogue'],
      ['GET', '/catalogue/search?q=acon'],
      ['GET', `/stock?locationId=${ids.aundh}`],
      ['GET', '/stock/low'],
      ['GET', `/stock/movements?itemId=${itemId}&locationId=${ids.aundh}`],
      ['POST', '/catalogue', arnica],
      ['PUT', `/catalogue/${itemId}`, { ...arnica, name: 'ACONITUM NAPELLUS' }],
      ['POST', `/catalogue/${itemId}/archive`],
      ['POST', '/stock/receive', { itemId, locationId: ids.aundh, quantity: 2 }],
      ['POST', '/stock/adjust', { itemId, locationId: ids.aundh, change: -1, note: 'Broken bottle' }],
      ['PUT', '/stock/low-at', { itemId, locationId: ids.aundh, lowAt: 2 }],
      ['GET', '/dispensary/orders'],
      ['POST', `/orders/${order}/dispense`],
    ];
    const statuses = async (who: typeof admin | null) => {
      const out: number[] = [];
      for (const [method, url, body] of calls) out.push((await staffApi(app, who, method, url, body)).statusCode);
      return out;
    };
    expect(await statuses(null)).toEqual(Array(calls.length).fill(401));
    expect(await statuses(patient)).toEqual(Array(calls.length).fill(403));
    expect(await statuses(doctor)).toEqual([200, 200, 200, 200, 200, 403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await statuses(reception)).toEqual([200, 200, 200, 200, 200, 403, 403, 403, 200, 200, 200, 200, 200]);
    // The admin does all (the archive last of the item's calls, so the stock calls before it stand).
    const adminCalls = calls.filter(([, url]) => !url.endsWith('/archive'));
    for (const [method, url, body] of adminCalls) {
      const res = await staffApi(app, admin, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(url === '/catalogue' && method === 'POST' ? 409 : 200);
    }
    expect((await staffApi(app, admin, 'POST', `/catalogue/${itemId}/archive`)).statusCode).toBe(200);
    // Unknown ids: 404.
    const none = '00000000-0000-4000-8000-000000000000';
    expect((await staffApi(app, admin, 'PUT', `/catalogue/${none}`, arnica)).statusCode).toBe(404);
    expect((await staffApi(app, admin, 'POST', `/orders/${none}/dispense`)).statusCode).toBe(404);
    expect((await staffApi(app, reception, 'POST', '/stock/receive', { itemId: none, locationId: ids.aundh, quantity: 1 })).statusCode).toBe(404);
    expect((await staffApi(app, reception, 'GET', `/stock?locationId=${none}`)).statusCode).toBe(404);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const { admin, reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const itemId = await itemWithStock(t.db(), 'CHAMOMILLA', { locationId: ids.aundh, quantity: 5 });
    const before = [await countOf(t.db(), 'catalogue_items'), await countOf(t.db(), 'stock_movements'), await countOf(t.db(), 'audit_log')];
    const cases: [typeof admin, 'POST' | 'PUT' | 'GET', string, object | undefined, string][] = [
      [admin, 'POST', '/catalogue', { ...arnica, price: -1 }, 'price'],
      [admin, 'POST', '/catalogue', { ...arnica, price: 1.005 }, 'price'],
      [admin, 'POST', '/catalogue', { ...arnica, form: 'syrup' }, 'form'],
      [admin, 'POST', '/catalogue', { ...arnica, name: '   ' }, 'name'],
      [admin, 'POST', '/catalogue', { ...arnica, potency: '30C; drop' }, 'potency'],
      [admin, 'POST', '/catalogue', { ...arnica, pack: 'x'.repeat(51) }, 'pack'],
      [admin, 'GET', '/catalogue?status=gone', undefined, 'status'],
      [admin, 'GET', '/catalogue/search?q=', undefined, 'q'],
      [reception, 'POST', '/stock/receive', { itemId, locationId: ids.aundh, quantity: 0 }, 'quantity'],
      [reception, 'POST', '/stock/receive', { itemId, locationId: ids.aundh, quantity: 2.5 }, 'quantity'],
      [reception, 'POST', '/stock/adjust', { itemId, locationId: ids.aundh, change: 0, note: 'Count' }, 'change'],
      [reception, 'POST', '/stock/adjust', { itemId, locationId: ids.aundh, change: -1, note: '' }, 'note'],
      [reception, 'POST', '/stock/adjust', { itemId: 'abc', locationId: ids.aundh, change: -1, note: 'x' }, 'itemId'],
      [reception, 'PUT', '/stock/low-at', { itemId, locationId: ids.aundh, lowAt: -1 }, 'lowAt'],
      [reception, 'POST', '/orders/not-an-id/dispense', undefined, 'id'],
    ];
    for (const [who, method, url, body, field] of cases) {
      const res = await staffApi(t.app(), who, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field), url).toContain(field);
    }
    expect([await countOf(t.db(), 'catalogue_items'), await countOf(t.db(), 'stock_movements'), await countOf(t.db(), 'audit_log')]).toEqual(before);
  });

  it('the picker finds live items by the start of their name, any case, with the stock at the location', async () => {
    const { doctor, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const found = await staffOk(t.app(), doctor, 'GET', `/catalogue/search?q=arn&locationId=${ids.aundh}`);
    expect(found.items.map((i: { name: string; potency: string }) => `${i.name} ${i.potency}`)).toEqual(['ARNICA MONTANA 200C', 'ARNICA MONTANA 30C']);
    expect(found.items.find((i: { potency: string }) => i.potency === '30C').stock).toBe(40);
    // Without a location: no stock; a wildcard typed is matched as itself; the middle of a name does not match.
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=ARNICA')).items[0].stock).toBeNull();
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=%25')).items).toEqual([]);
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=_rnica')).items).toEqual([]);
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=montana')).items).toEqual([]);
    // Archived items are not offered; at most 20 answer.
    const nux = (await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=nux')).items;
    await staffOk(t.app(), admin, 'POST', `/catalogue/${nux[0].id}/archive`);
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=nux')).items).toHaveLength(nux.length - 1);
    for (let i = 0; i < 25; i++) await itemWithStock(t.db(), `ZINCUM ${String(i).padStart(2, '0')}`);
    expect((await staffOk(t.app(), doctor, 'GET', '/catalogue/search?q=zinc')).items).toHaveLength(20);
  });

  it('stock: received and adjusted with a note, never below zero (409 stockNegative, nothing written); the low list; movements newest first', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const itemId = await itemWithStock(db, 'DROSERA');
    const at = { itemId, locationId: ids.kothrud };
    expect((await staffOk(t.app(), reception, 'POST', '/stock/receive', { ...at, quantity: 10, note: 'Invoice 1182' })).line).toMatchObject({ quantity: 10, lowAt: 5, low: false });
    expect((await staffOk(t.app(), reception, 'POST', '/stock/adjust', { ...at, change: -4, note: 'Two bottles broken, two expired' })).line.quantity).toBe(6);

    const counts = [await countOf(db, 'stock_movements'), await countOf(db, 'audit_log')];
    const refused = await staffApi(t.app(), admin, 'POST', '/stock/adjust', { ...at, change: -7, note: 'Count' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'stockNegative' });
    expect(await quantityOf(db, itemId, ids.kothrud)).toBe(6);
    expect([await countOf(db, 'stock_movements'), await countOf(db, 'audit_log')]).toEqual(counts);
    // To exactly zero is allowed.
    expect((await staffOk(t.app(), admin, 'POST', '/stock/adjust', { ...at, change: -6, note: 'Count: none left' })).line).toMatchObject({ quantity: 0, low: true });
    expect((await staffApi(t.app(), admin, 'POST', '/stock/receive', { ...at, quantity: 1_000_000 })).statusCode).toBe(200);
    expect((await staffApi(t.app(), admin, 'POST', '/stock/receive', { ...at, quantity: 1 })).json()).toMatchObject({ code: 'stockTooHigh' });
    await staffOk(t.app(), admin, 'POST', '/stock/adjust', { ...at, change: -999_994, note: 'Typed a million by mistake' });

    // Low at 6: 6 <= 6 is low; received, it is no longer.
    await staffOk(t.app(), reception, 'PUT', '/stock/low-at', { ...at, lowAt: 6 });
    const lowHere = async () => (await staffOk(t.app(), reception, 'GET', `/stock/low?locationId=${ids.kothrud}`)).lines.map((l: { item: { id: string } }) => l.item.id);
    expect(await lowHere()).toContain(itemId);
    expect((await staffOk(t.app(), reception, 'GET', `/stock/low?locationId=${ids.aundh}`)).lines.map((l: { item: { id: string } }) => l.item.id)).not.toContain(itemId);
    await staffOk(t.app(), reception, 'POST', '/stock/receive', { ...at, quantity: 1 });
    expect(await lowHere()).not.toContain(itemId);

    const { movements } = await staffOk(t.app(), reception, 'GET', `/stock/movements?itemId=${itemId}&locationId=${ids.kothrud}`);
    expect(movements.map((m: { kind: string; change: number }) => [m.kind, m.change])).toEqual([
      ['received', 1],
      ['adjusted', -999_994],
      ['received', 1_000_000],
      ['adjusted', -6],
      ['adjusted', -4],
      ['received', 10],
    ]);
    expect(movements.at(-1)).toMatchObject({ note: 'Invoice 1182', actor: reception.email, orderId: null });
    const { rows } = await db.query<{ action: string; details: any }>(`select action, details from audit_log where action like 'stock.%' order by id`);
    expect(rows.map((r) => r.action)).toEqual(['stock.received', 'stock.adjusted', 'stock.adjusted', 'stock.received', 'stock.adjusted', 'stock.lowat', 'stock.received']);
    expect(rows[1]!.details).toMatchObject({ change: -4, note: 'Two bottles broken, two expired', before: { quantity: 10 }, after: { quantity: 6 } });
    // An archived item takes no new stock, but what is left may be counted away.
    await staffOk(t.app(), admin, 'POST', `/catalogue/${itemId}/archive`);
    expect((await staffApi(t.app(), admin, 'POST', '/stock/receive', { ...at, quantity: 1 })).json()).toMatchObject({ code: 'catalogueArchived' });
    expect((await staffOk(t.app(), admin, 'POST', '/stock/adjust', { ...at, change: -7, note: 'Returned to the supplier' })).line.quantity).toBe(0);
  });

  it('dispensing a paid order takes each line from its location once, all or nothing; a second click answers the dispensed order', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const a = await itemWithStock(db, 'IPECACUANHA', { locationId: ids.aundh, quantity: 5 });
    const b = await itemWithStock(db, 'HEPAR SULPHUR', { locationId: ids.aundh, quantity: 2 });
    // Two lines of one item are summed; a hand-written line takes nothing from stock.
    const order = await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }, { itemId: b, quantity: 2 }, { itemId: a, quantity: 1 }, { itemId: null, quantity: 1, name: 'Saline spray' }] });
    expect((await staffOk(t.app(), reception, 'GET', `/dispensary/orders?locationId=${ids.aundh}`)).orders.map((o: { id: string }) => o.id)).toEqual([order]);

    const first = await staffOk(t.app(), reception, 'POST', `/orders/${order}/dispense`);
    expect(first.order).toMatchObject({ id: order, locationName: 'Aundh', patientName: 'Sunita Deshmukh', dispensedAt: t.clock.now().toISOString() });
    expect(first.order.items).toHaveLength(4);
    expect([await quantityOf(db, a, ids.aundh), await quantityOf(db, b, ids.aundh)]).toEqual([2, 0]);
    t.clock.advance(5 * 60_000);
    const again = await staffOk(t.app(), admin, 'POST', `/orders/${order}/dispense`);
    expect(again.order.dispensedAt).toBe(first.order.dispensedAt);
    expect([await quantityOf(db, a, ids.aundh), await quantityOf(db, b, ids.aundh)]).toEqual([2, 0]);
    expect(await countOf(db, 'stock_movements', `order_id = $1 and kind = 'dispensed'`, [order])).toBe(2);
    const audits = await db.query<{ details: any; appointment_id: string }>(`select details, appointment_id from audit_log where action = 'order.dispensed'`);
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]!.details.items).toEqual(expect.arrayContaining([expect.objectContaining({ itemId: a, quantity: 3, before: 5, after: 2 })]));
    expect((await staffOk(t.app(), reception, 'GET', '/dispensary/orders')).orders).toEqual([]);
    expect((await staffOk(t.app(), reception, 'GET', '/dispensary/orders?status=dispensed')).orders.map((o: { id: string }) => o.id)).toEqual([order]);
  });

  it('refuses to dispense an unpaid, cancelled or refunded order, one without location or catalogue lines, and a short one (409, nothing taken)', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const a = await itemWithStock(db, 'SILICEA', { locationId: ids.aundh, quantity: 3 });
    const b = await itemWithStock(db, 'THUJA', { locationId: ids.aundh, quantity: 1 });
    const c = await itemWithStock(db, 'CAUSTICUM'); // never stocked at Aundh
    const cases: [Parameters<typeof orderOf>[1], string][] = [
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 1 }], paymentStatus: 'Pending' }, 'dispenseUnpaid'],
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 1 }], paymentStatus: 'Failed' }, 'dispenseUnpaid'],
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 1 }], paymentStatus: 'Refund', orderStatus: 'Cancelled' }, 'dispenseUnpaid'],
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 1 }], paymentStatus: 'Pending', paymentMode: 'Cash', orderStatus: 'Cancelled' }, 'dispenseUnpaid'],
      [{ locationId: null, lines: [{ itemId: a, quantity: 1 }] }, 'dispenseNoLocation'],
      [{ locationId: ids.aundh, lines: [{ itemId: null, quantity: 1, name: 'Hand-written' }] }, 'dispenseNoItems'],
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }, { itemId: b, quantity: 2 }] }, 'dispenseShort'],
      [{ locationId: ids.aundh, lines: [{ itemId: a, quantity: 1 }, { itemId: c, quantity: 1 }] }, 'dispenseShort'],
    ];
    for (const [spec, code] of cases) {
      const order = await orderOf(db, spec);
      const before = [await countOf(db, 'stock_movements'), await countOf(db, 'audit_log')];
      const res = await staffApi(t.app(), reception, 'POST', `/orders/${order}/dispense`);
      expect(res.statusCode, JSON.stringify(spec)).toBe(409);
      expect(res.json().code).toBe(code);
      expect([await quantityOf(db, a, ids.aundh), await quantityOf(db, b, ids.aundh)]).toEqual([3, 1]);
      expect([await countOf(db, 'stock_movements'), await countOf(db, 'audit_log')]).toEqual(before);
      const { rows } = await db.query<{ dispensed_at: Date | null }>('select dispensed_at from orders where id = $1', [order]);
      expect(rows[0]!.dispensed_at).toBeNull();
    }
    const short = await staffApi(t.app(), reception, 'POST', `/orders/${await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }, { itemId: b, quantity: 2 }] })}/dispense`);
    expect(short.json().short).toEqual([{ itemId: b, name: 'THUJA', needed: 2, available: 1 }]);
    // A Cash order is paid at the counter as it is handed over: it is dispensed while Pending.
    const cash = await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 3 }], paymentStatus: 'Pending', paymentMode: 'Cash' });
    expect((await staffOk(t.app(), reception, 'POST', `/orders/${cash}/dispense`)).order.dispensedAt).not.toBeNull();
    expect(await quantityOf(db, a, ids.aundh)).toBe(0);
  });

  it('two dispensings of one order at once, on two instances of one database: dispensed once', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const other = await t.anotherInstance();
    const a = await itemWithStock(db, 'LYCOPODIUM', { locationId: ids.aundh, quantity: 10 });
    for (let round = 0; round < 3; round++) {
      const order = await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }] });
      const both = await Promise.all([
        staffApi(t.app(), reception, 'POST', `/orders/${order}/dispense`),
        staffApi(other, admin, 'POST', `/orders/${order}/dispense`),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both[0]!.json().order.dispensedAt).toBe(both[1]!.json().order.dispensedAt);
      expect(await countOf(db, 'stock_movements', `order_id = $1`, [order])).toBe(1);
    }
    expect(await quantityOf(db, a, ids.aundh)).toBe(4);
  });
});
