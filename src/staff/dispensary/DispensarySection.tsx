/**
 * The Dispensary section (reception and admins; docs/dispensary.md): one location's stock with
 * Receive, Adjust and Low level on each remedy, the paid orders waiting there with Dispense, what
 * is running low at every location, and the catalogue (admins add, edit and archive; reception
 * reads it). The machines hold the flows (machines/dispensary); this renders them and sends events.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { DispensaryOrder, StockLine } from '../../../contract/catalogue';
import { remedyNameOf } from '../../../machines/cataloguePicker/cataloguePickerMachine';
import { remedyForms, type CatalogueRow } from '../../../machines/dispensary/catalogueList';
import type { StockFormKind } from '../../../machines/dispensary/stockContext';
import {
  selectDispensing,
  selectStockDraft,
  selectStockErrors,
  selectStockFailed,
  selectStockForm,
  selectStockIdle,
  selectStockLoading,
  selectStockSaving,
  selectStockView,
  type StockActor,
} from '../../../machines/dispensary/stockMachine';
import { formatRupees } from '../../format/format';
import { useDispensaryMessages } from '../../i18n/dispensaryMessages';
import { AdminList } from '../admin/AdminList';
import { SelectField, TextField } from '../../ui/Field';
import { FormPanel } from '../admin/parts/FormPanel';
import type { StaffServices } from '../services';
import { useStaff } from '../StaffContext';
import { dispensaryOf, useCatalogueList, useStockActor } from './provider';
import '../admin/admin.css';
import './dispensary.css';

export function DispensarySection({ services }: { readonly services: StaffServices }) {
  const texts = useDispensaryMessages();
  const dispensary = dispensaryOf(services.dispensary);
  const stock = useStockActor(dispensary);
  const catalogue = useCatalogueList(dispensary);
  // A remedy added or changed: the stock lists show it at once.
  useEffect(() => {
    const subscription = catalogue.on('item.saved', () => stock.send({ type: 'list.refresh' }));
    return () => subscription.unsubscribe();
  }, [catalogue, stock]);
  return (
    <div className="dispensary">
      <h1>{texts.section}</h1>
      <p className="dispensary__intro">{texts.intro}</p>
      <StockPanel actor={stock} />
      <CataloguePanel actor={catalogue} />
    </div>
  );
}

function StockPanel({ actor }: { readonly actor: StockActor }) {
  const texts = useDispensaryMessages().stock;
  const headingId = useId();
  const view = useSelector(actor, selectStockView);
  const failed = useSelector(actor, selectStockFailed);
  const loading = useSelector(actor, selectStockLoading);
  const idle = useSelector(actor, selectStockIdle);
  if (failed) {
    return (
      <div role="alert" className="staff-state">
        <p>{texts.failed}</p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'list.retry' })}>
          {texts.tryAgain}
        </button>
      </div>
    );
  }
  if (!view) {
    return (
      <p role="status" className="staff-state">
        {texts.loading}
      </p>
    );
  }
  return (
    <>
      <section className="admin-section" aria-labelledby={headingId} aria-busy={loading}>
        <div className="admin-section__head">
          <h2 id={headingId}>{texts.title}</h2>
          <button type="button" className="button button--outline" disabled={loading} onClick={() => actor.send({ type: 'list.refresh' })}>
            {texts.refresh}
          </button>
        </div>
        <SelectField
          look="admin"
          label={texts.location}
          value={view.locationId ?? ''}
          disabled={!idle}
          options={view.locations.map((l) => ({ value: l.id, label: l.name }))}
          onValue={(locationId) => actor.send({ type: 'location.change', locationId })}
        />
        <StockForm actor={actor} lines={view.lines} />
        {view.lines.length === 0 ? (
          <p className="staff-state">{texts.none}</p>
        ) : (
          <ul className="admin-list" aria-labelledby={headingId}>
            {view.lines.map((line) => (
              <StockRow key={line.item.id} line={line} disabled={!idle} onOpen={(kind) => actor.send({ type: 'stock.open', kind, itemId: line.item.id })} />
            ))}
          </ul>
        )}
      </section>
      <OrdersPanel actor={actor} orders={view.orders} />
      <LowPanel lines={view.low} />
    </>
  );
}

function StockRow({ line, disabled, onOpen }: { readonly line: StockLine; readonly disabled: boolean; readonly onOpen: (kind: StockFormKind) => void }) {
  const all = useDispensaryMessages();
  const texts = all.stock;
  const name = remedyNameOf(line.item);
  return (
    <li className={`admin-row dispensary-row${line.low ? ' dispensary-row--low' : ''}`}>
      <div className="admin-row__body">
        <strong className="admin-row__title">
          {name} {line.low && <span className="dispensary-badge">{texts.low}</span>}
        </strong>
        <span className="admin-row__meta">
          {all.forms[line.item.form]} · {line.item.pack} · {formatRupees(line.item.price)}
        </span>
        <span className="dispensary-row__counts">
          {texts.quantity}: <strong>{line.quantity}</strong> · {texts.lowAt}: {line.lowAt}
        </span>
      </div>
      <div className="admin-row__buttons">
        <button type="button" className="button button--outline" disabled={disabled} aria-label={texts.receiveItem(name)} onClick={() => onOpen('receive')}>
          {texts.receive}
        </button>
        <button type="button" className="button button--outline" disabled={disabled} aria-label={texts.adjustItem(name)} onClick={() => onOpen('adjust')}>
          {texts.adjust}
        </button>
        <button type="button" className="button button--outline" disabled={disabled} aria-label={texts.setLowItem(name)} onClick={() => onOpen('lowAt')}>
          {texts.setLow}
        </button>
      </div>
    </li>
  );
}

function StockForm({ actor, lines }: { readonly actor: StockActor; readonly lines: readonly StockLine[] }) {
  const texts = useDispensaryMessages().stock;
  const form = useSelector(actor, selectStockForm);
  const draft = useSelector(actor, selectStockDraft);
  const errors = useSelector(actor, selectStockErrors);
  const saving = useSelector(actor, selectStockSaving);
  const line = form ? lines.find((l) => l.item.id === form.itemId) : undefined;
  if (!form || !line) return null;
  const name = remedyNameOf(line.item);
  const change = (field: 'amount' | 'note') => (value: string) => actor.send({ type: 'draft.change', field, value });
  return (
    <FormPanel
      key={`${form.kind}-${form.itemId}`}
      title={texts.formTitle[form.kind](name)}
      saving={saving}
      saveLabel={saving ? texts.saving : texts.save}
      onSave={() => actor.send({ type: 'draft.save' })}
      onCancel={() => actor.send({ type: 'draft.cancel' })}
    >
      <TextField look="admin" label={texts.amount[form.kind]} value={draft.amount} error={errors.amount} disabled={saving} required inputMode="numeric" onValue={change('amount')} />
      {form.kind !== 'lowAt' && (
        <TextField look="admin" label={texts.note[form.kind]} value={draft.note} error={errors.note} disabled={saving} required={form.kind === 'adjust'} onValue={change('note')} />
      )}
    </FormPanel>
  );
}

function OrdersPanel({ actor, orders }: { readonly actor: StockActor; readonly orders: readonly DispensaryOrder[] }) {
  const texts = useDispensaryMessages().orders;
  const headingId = useId();
  const dispensing = useSelector(actor, selectDispensing);
  const idle = useSelector(actor, selectStockIdle);
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      {orders.length === 0 ? (
        <p className="staff-state">{texts.none}</p>
      ) : (
        <ul className="admin-list" aria-labelledby={headingId}>
          {orders.map((order) => (
            <li key={order.id} className="admin-row">
              <div className="admin-row__body">
                <strong className="admin-row__title">{texts.order(order.patientName)}</strong>
                <span className="admin-row__meta">
                  {texts.paid(order.paymentMode, order.paymentStatus)} · {formatRupees(order.totalPrice)}
                </span>
                <ul className="dispensary-lines">
                  {order.items.map((item, index) => (
                    <li key={index}>{texts.line(item.quantity, remedyNameOf(item), item.pack)}</li>
                  ))}
                </ul>
              </div>
              <div className="admin-row__buttons">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={!idle || dispensing !== null}
                  aria-busy={dispensing === order.id}
                  aria-label={texts.dispenseOrder(order.patientName)}
                  onClick={() => actor.send({ type: 'order.dispense', orderId: order.id })}
                >
                  {dispensing === order.id ? texts.dispensing : texts.dispense}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LowPanel({ lines }: { readonly lines: readonly StockLine[] }) {
  const texts = useDispensaryMessages().low;
  const headingId = useId();
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      {lines.length === 0 ? (
        <p className="staff-state">{texts.none}</p>
      ) : (
        <ul className="admin-list" aria-labelledby={headingId}>
          {lines.map((line) => (
            <li key={`${line.locationId}-${line.item.id}`} className="admin-row dispensary-row--low">
              <div className="admin-row__body">
                <strong className="admin-row__title">{remedyNameOf(line.item)}</strong>
                <span className="admin-row__meta">{texts.line(line.locationName, line.quantity, line.lowAt)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CataloguePanel({ actor }: { readonly actor: ReturnType<typeof useCatalogueList> }) {
  const all = useDispensaryMessages();
  const texts = all.catalogue;
  const { me } = useStaff();
  const admin = me.role === 'admin';
  const status = useSelector(actor, (s) => s.context.query.status ?? 'live');
  const formOptions = remedyForms.map((form) => ({ value: form, label: all.forms[form] }));
  return (
    <AdminList<CatalogueRow>
      actor={actor}
      level={2}
      title={texts.title}
      emptyText={texts.none}
      {...(admin && status === 'live' ? { addLabel: texts.add } : {})}
      intro={
        <>
          {!admin && <p className="staff-field__hint">{texts.readOnly}</p>}
          <SelectField
            look="admin"
            label={texts.show}
            value={status}
            options={[
              { value: 'live', label: texts.live },
              { value: 'archived', label: texts.archived },
            ]}
            onValue={(value) => actor.send({ type: 'query.change', query: { status: value } })}
          />
        </>
      }
      nameOf={(item) => remedyNameOf(item)}
      editLabel={(item) => texts.editItem(remedyNameOf(item))}
      formTitle={(item) => (item ? texts.editTitle(remedyNameOf(item)) : texts.addTitle)}
      editable={admin && status === 'live'}
      renderItem={(item) => (
        <>
          <strong className="admin-row__title">{remedyNameOf(item)}</strong>
          <span className="admin-row__meta">{texts.describe(all.forms[item.form], item.pack, formatRupees(item.price))}</span>
        </>
      )}
      renderRowExtra={(item, canChange) =>
        admin && !item.archived ? (
          <button
            type="button"
            className="button button--outline"
            disabled={!canChange}
            aria-label={texts.archiveItem(remedyNameOf(item))}
            onClick={() => actor.send({ type: 'item.delete', id: item._id })}
          >
            {texts.archive}
          </button>
        ) : null
      }
      removeWords={{ title: texts.archiveTitle, question: texts.archiveQuestion, yes: texts.archiveYes, busy: texts.archiving, no: texts.archiveNo }}
      renderForm={({ draft, errors, saving, change }) => (
        <>
          <TextField look="admin" label={texts.name} hint={texts.nameHint} value={draft.name ?? ''} error={errors.name} disabled={saving} required onValue={(v) => change('name', v)} />
          <SelectField look="admin" label={texts.form} value={draft.form ?? 'pills'} error={errors.form} disabled={saving} options={formOptions} onValue={(v) => change('form', v)} />
          <TextField look="admin" label={texts.potency} hint={texts.potencyHint} value={draft.potency ?? ''} error={errors.potency} disabled={saving} onValue={(v) => change('potency', v)} />
          <TextField look="admin" label={texts.pack} hint={texts.packHint} value={draft.pack ?? ''} error={errors.pack} disabled={saving} required onValue={(v) => change('pack', v)} />
          <TextField look="admin" label={texts.price} value={draft.price ?? ''} error={errors.price} disabled={saving} required inputMode="decimal" onValue={(v) => change('price', v)} />
        </>
      )}
    />
  );
}
