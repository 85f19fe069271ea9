/**
 * A remedy's name on the consultation form, with the dispensary's catalogue offered under it
 * (machines/cataloguePicker): an ARIA combobox (input, listbox, options; arrow keys move, Enter
 * picks, Escape closes). What is typed stays the name, so a remedy the catalogue does not have is
 * written freely; a picked item makes the name the item's ("ARNICA MONTANA 30C") and tells the
 * row its id. `onChange(text, itemId)`: itemId null when the name is typed.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import {
  remedyNameOf,
  selectPickerActive,
  selectPickerHits,
  selectPickerOpen,
  selectPickerSearching,
  selectPickerText,
  selectPickerUnavailable,
} from '../../machines/cataloguePicker/cataloguePickerMachine';
import { formatRupees } from '../format/format';
import type { Problem } from '../../machines/consultation/forms';
import { useDispensaryMessages } from '../i18n/dispensaryMessages';
import { useStaffMessages } from '../i18n/staffMessages';
import { dispensaryOf, usePickerActor } from './dispensary/provider';

type PickerActor = ReturnType<typeof usePickerActor>;
import { useGivenStaffServices } from './services';
import './dispensary/dispensary.css';

export interface CataloguePickerProps {
  readonly label: string;
  readonly value: string;
  readonly itemId: string | null;
  /** The location whose stock the options show; null: none shown. */
  readonly locationId?: string | null;
  /** The field's problem (the consultation form's check), said in the console's words. */
  readonly problem?: Problem | undefined;
  readonly disabled: boolean;
  readonly onChange: (text: string, itemId: string | null) => void;
}

export function CataloguePicker({ label, value, itemId, locationId = null, problem: problemKind, disabled, onChange }: CataloguePickerProps) {
  const texts = useDispensaryMessages();
  const problemWords = useStaffMessages().problems;
  const problem = problemKind ? problemWords[problemKind] : undefined;
  const services = dispensaryOf(useGivenStaffServices()?.dispensary);
  const actor = usePickerActor(services, { locationId, text: value, itemId });
  const text = useSelector(actor, selectPickerText);
  const hits = useSelector(actor, selectPickerHits);
  const active = useSelector(actor, selectPickerActive);
  const open = useSelector(actor, selectPickerOpen);
  const searching = useSelector(actor, selectPickerSearching);
  const unavailable = useSelector(actor, selectPickerUnavailable);
  const id = useId();
  const listId = `${id}-list`;
  const noteId = `${id}-note`;
  const problemId = `${id}-problem`;

  useEffect(() => {
    const subscription = actor.on('chosen', (event) => onChange(event.text, event.itemId));
    return () => subscription.unsubscribe();
  }, [actor, onChange]);

  const note = unavailable ? texts.picker.unavailable : open && !searching && hits.length === 0 ? texts.picker.none : null;
  const showList = open && hits.length > 0;
  const describedBy = [note ? noteId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') actor.send({ type: 'highlight.next' });
    else if (event.key === 'ArrowUp') actor.send({ type: 'highlight.previous' });
    else if (event.key === 'Escape') actor.send({ type: 'list.close' });
    else if (event.key === 'Enter' && showList && active >= 0) actor.send({ type: 'highlight.choose' });
    else return;
    event.preventDefault();
  }

  return (
    <div className={`staff-field catalogue-picker${problem ? ' staff-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          actor.send({ type: 'text.change', text: event.target.value });
          onChange(event.target.value, null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => actor.send({ type: 'list.close' })}
      />
      {itemId !== null && <p className="staff-field__hint">{texts.picker.fromCatalogue}</p>}
      <PickerList actor={actor} id={id} label={label} hits={hits} active={active} shown={showList} />
      {searching && <p className="staff-field__hint">{texts.picker.searching}</p>}
      {note && (
        <p id={noteId} className="staff-field__hint">
          {note}
        </p>
      )}
      {problem && (
        <p id={problemId} className="staff-field__problem">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The hits as options; a press chooses before the input's blur closes the list. */
function PickerList({ actor, id, label, hits, active, shown }: { actor: PickerActor; id: string; label: string; hits: ReturnType<typeof selectPickerHits>; active: number; shown: boolean }) {
  const texts = useDispensaryMessages();
  return (
    <ul id={`${id}-list`} role="listbox" aria-label={texts.picker.listLabel(label)} className="catalogue-picker__list" hidden={!shown}>
      {hits.map((hit, index) => (
        <li
          key={hit.id}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className="catalogue-picker__option"
          onMouseDown={(event) => {
            event.preventDefault();
            actor.send({ type: 'item.choose', itemId: hit.id });
          }}
        >
          <strong>{remedyNameOf(hit)}</strong>
          <span className="catalogue-picker__meta">
            {texts.picker.option(texts.forms[hit.form], hit.pack, formatRupees(hit.price))}
            {hit.stock !== null && ` · ${texts.picker.inStock(hit.stock)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
