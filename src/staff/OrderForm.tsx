/**
 * The doctor's pharmacy order form (machines/order): catalogue search, the lines (a catalogue
 * item at its price, or a line written by hand), the location, pickup or delivery, the total as
 * the server prices it, then Send. Thin: every rule is the machine's.
 */
import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import type { OrderActor } from '../../machines/consultation/selectors';
import type { OrderContext } from '../../machines/order/context';
import { formatRupees } from '../format/format';
import { useStaffMessages } from '../i18n/staffMessages';

export function OrderForm({ actor }: { actor: OrderActor }) {
  const staff = useStaffMessages();
  const texts = staff.order;
  const c = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // Until the locations are loaded the form takes no lines: its buttons wait (a click is never lost).
  const loading = useSelector(actor, (s) => s.matches('Loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('LoadFailed'));
  const reviewing = useSelector(actor, (s) => s.matches({ Editing: { Form: 'Reviewing' } }));
  const id = useId();
  const problemText = (field: string) => {
    const p = c.problems[field];
    if (!p) return null;
    if (p === 'refused') return c.refusals[field] ?? staff.checkFields;
    if (p === 'notQuantity') return texts.notQuantity;
    return staff.problems[p];
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: reviewing ? 'order.place' : 'order.preview' });
  }

  if (loadFailed) {
    return (
      <section className="staff-form" aria-label={texts.heading}>
        <h3 className="staff-card__subheading">{texts.heading}</h3>
        <p>{texts.loadFailed}</p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'order.retry' })}>
          {texts.retry}
        </button>
      </section>
    );
  }

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-busy={busy} aria-label={texts.heading}>
      <h3 className="staff-card__subheading">{texts.heading}</h3>
      <p className="staff-field__hint">{texts.intro}</p>
      <OrderSearch actor={actor} id={id} />
      <FieldProblem text={problemText('lines')} />
      <OrderLines actor={actor} id={id} problem={problemText} />
      <p>
        <button type="button" className="button button--outline" disabled={loading} onClick={() => actor.send({ type: 'line.handAdded' })}>
          {texts.addHand}
        </button>
      </p>
      <OrderWhere actor={actor} id={id} problem={problemText} />
      {c.failure && Object.keys(c.refusals).length === 0 && <p className="staff-field__problem">{c.failure}</p>}
      {c.preview && <OrderSums preview={c.preview} />}
      <p className="staff-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? texts.previewing : reviewing ? texts.send : texts.preview}
        </button>
      </p>
    </form>
  );
}

interface PartProps {
  readonly actor: OrderActor;
  /** The form's id prefix, for labels. */
  readonly id: string;
}
type ProblemText = (field: string) => string | null;

function FieldProblem({ text }: { text: string | null }) {
  return text ? <p className="staff-field__problem">{text}</p> : null;
}

/** The catalogue search and its results: a pick adds the item as a line. */
function OrderSearch({ actor, id }: PartProps) {
  const texts = useStaffMessages().order;
  const c = useSelector(actor, (s) => s.context);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const location = c.pharmacies.find((p) => p._id === c.locationId)?.name ?? null;
  return (
    <div className="staff-field">
      <label htmlFor={`${id}-search`}>{texts.search}</label>
      <p className="staff-field__hint">{texts.searchHint}</p>
      <input id={`${id}-search`} type="search" value={c.query} onChange={(e) => actor.send({ type: 'search.changed', query: e.target.value })} />
      {searching && <p aria-live="polite">{texts.searching}</p>}
      {c.results.length > 0 && (
        <ul className="staff-order__results" aria-label={texts.search}>
          {c.results.map((item) => (
            <li key={item.id}>
              <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'item.picked', item })}>
                {[item.name, item.potency, item.pack].filter(Boolean).join(' ')} · {formatRupees(item.price)}
                {item.stock !== null && location !== null && ` · ${texts.inStock(item.stock, location)}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!searching && c.query.trim().length >= 2 && c.results.length === 0 && <p>{texts.noResults}</p>}
    </div>
  );
}

/** The order's lines: a catalogue item at its price, or a line written by hand. */
function OrderLines({ actor, id, problem }: PartProps & { problem: ProblemText }) {
  const texts = useStaffMessages().order;
  const lines = useSelector(actor, (s) => s.context.lines);
  const Problem = ({ field }: { field: string }) => <FieldProblem text={problem(field)} />;
  if (lines.length === 0) return <p>{texts.noLines}</p>;
  return (
    <ul className="staff-order__lines" aria-label={texts.item}>
      {lines.map((line, n) => (
        <li key={line.key} className="staff-form__pair">
          {line.itemId !== null ? (
            <p>
              {line.name} · {formatRupees(line.cataloguePrice ?? 0)}
            </p>
          ) : (
            <>
              <div className="staff-field">
                <label htmlFor={`${id}-name-${line.key}`}>{texts.item}</label>
                <input id={`${id}-name-${line.key}`} value={line.name} maxLength={200} onChange={(e) => actor.send({ type: 'line.changed', key: line.key, field: 'name', value: e.target.value })} />
                <Problem field={`lines.${n}.name`} />
              </div>
              <div className="staff-field">
                <label htmlFor={`${id}-price-${line.key}`}>{texts.unitPrice}</label>
                <input id={`${id}-price-${line.key}`} inputMode="decimal" value={line.price} maxLength={20} onChange={(e) => actor.send({ type: 'line.changed', key: line.key, field: 'price', value: e.target.value })} />
                <Problem field={`lines.${n}.unitPrice`} />
              </div>
            </>
          )}
          <div className="staff-field">
            <label htmlFor={`${id}-qty-${line.key}`}>{texts.quantity}</label>
            <input id={`${id}-qty-${line.key}`} inputMode="numeric" value={line.quantity} maxLength={2} onChange={(e) => actor.send({ type: 'line.changed', key: line.key, field: 'quantity', value: e.target.value })} />
            <Problem field={`lines.${n}.quantity`} />
            <Problem field={`lines.${n}.itemId`} />
          </div>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'line.removed', key: line.key })}>
            {texts.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Where the order goes (location, pickup or delivery with its address) and how it is paid. */
function OrderWhere({ actor, id, problem }: PartProps & { problem: ProblemText }) {
  const texts = useStaffMessages().order;
  const c = useSelector(actor, (s) => s.context);
  const Problem = ({ field }: { field: string }) => <FieldProblem text={problem(field)} />;
  return (
    <>
      <div className="staff-field">
        <label htmlFor={`${id}-location`}>{texts.location}</label>
        <select id={`${id}-location`} value={c.locationId} onChange={(e) => actor.send({ type: 'location.chosen', locationId: e.target.value })}>
          {c.pharmacies.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
        <Problem field="locationId" />
      </div>
      <fieldset className="staff-modes">
        <legend>{texts.fulfilment}</legend>
        {(['pickup', 'delivery'] as const).map((f) => (
          <label key={f} className="staff-modes__choice">
            <input type="radio" name={`${id}-fulfilment`} checked={c.fulfilment === f} onChange={() => actor.send({ type: 'fulfilment.chosen', fulfilment: f })} />
            {f === 'pickup' ? texts.pickup : texts.delivery}
          </label>
        ))}
      </fieldset>
      {c.fulfilment === 'delivery' && (
        <div className="staff-field">
          <label htmlFor={`${id}-address`}>{texts.address}</label>
          <textarea id={`${id}-address`} value={c.deliveryAddress} maxLength={500} onChange={(e) => actor.send({ type: 'address.changed', value: e.target.value })} />
          <Problem field="deliveryAddress" />
        </div>
      )}
      <fieldset className="staff-modes">
        <legend>{texts.paymentMode}</legend>
        {(['Card', 'Cash'] as const).map((mode) => (
          <label key={mode} className="staff-modes__choice">
            <input type="radio" name={`${id}-mode`} checked={c.paymentMode === mode} onChange={() => actor.send({ type: 'mode.chosen', paymentMode: mode })} />
            {mode === 'Card' ? `${texts.card} (${texts.cardHint})` : `${texts.cash} (${texts.cashHint})`}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The total as the server priced it. */
function OrderSums({ preview }: { preview: NonNullable<OrderContext['preview']> }) {
  const texts = useStaffMessages().order;
  return (
    <dl className="staff-order__sums" aria-live="polite">
      <div>
        <dt>{texts.subtotal}</dt>
        <dd>{formatRupees(preview.subtotal)}</dd>
      </div>
      <div>
        <dt>{texts.tax(String(preview.taxRatePercent))}</dt>
        <dd>{formatRupees(preview.tax)}</dd>
      </div>
      {preview.deliveryFee > 0 && (
        <div>
          <dt>{texts.deliveryFee}</dt>
          <dd>{formatRupees(preview.deliveryFee)}</dd>
        </div>
      )}
      <div>
        <dt>{texts.totalPriced}</dt>
        <dd>{formatRupees(preview.totalPrice)}</dd>
      </div>
    </dl>
  );
}
