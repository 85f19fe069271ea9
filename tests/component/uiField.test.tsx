/** src/ui/Field: the label, hint and error tied to the control, in each variant and look. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckField, Field, FieldError, fieldControlProps, SelectField, TextField } from '../../src/ui/Field';

/** The texts the control's aria-describedby names, in order. */
function description(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('ui Field', () => {
  it('ties the hint and the error to a text input, marks it invalid, and tells each change', () => {
    const onValue = vi.fn();
    render(<TextField look="auth" id="f-email" label="Email" hint="We never share it" error="Enter your email" value="" onValue={onValue} />);
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('type')).toBe('text');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-email-hint f-email-error');
    expect(document.getElementById('f-email-hint')?.textContent).toBe('We never share it');
    expect(document.getElementById('f-email-error')?.textContent).toBe('Enter your email');
    expect(input.closest('.auth-field')?.classList.contains('auth-field--invalid')).toBe(true);
    fireEvent.change(input, { target: { value: 'a@b.in' } });
    expect(onValue).toHaveBeenCalledWith('a@b.in');
  });

  it('has no aria-invalid or aria-describedby while there is neither hint nor error', () => {
    render(<TextField look="admin" label="Name" value="" onValue={() => undefined} />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.classList.contains('admin-field__input')).toBe(true);
  });

  it('names a text shown elsewhere beside its own hint and error', () => {
    render(<TextField look="auth" id="p" label="Password" describedByAlso="rules" error="Too short" value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe('rules p-error');
  });

  it('renders a textarea with its rows when multiline', () => {
    const onValue = vi.fn();
    render(<TextField look="staff" label="Notes" multiline rows={3} value="" onValue={onValue} error="Too long" />);
    const area = screen.getByLabelText('Notes');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('3');
    expect(description(area)).toBe('Too long');
    fireEvent.change(area, { target: { value: 'rest' } });
    expect(onValue).toHaveBeenCalledWith('rest');
  });

  it('puts the hint above the control in the auth look and under it in the people look', () => {
    const { container } = render(
      <>
        <TextField look="auth" id="a" label="A" hint="hint a" value="" onChange={() => undefined} />
        <TextField look="people" id="b" label="B" hint="hint b" value="" onChange={() => undefined} />
      </>,
    );
    const [auth, people] = Array.from(container.querySelectorAll('.auth-field, .people-field'));
    expect(auth!.querySelector('p')!.nextElementSibling!.querySelector('input')).not.toBeNull();
    expect(people!.querySelector('input')!.nextElementSibling?.classList.contains('people-field__hint')).toBe(true);
  });

  it('gives a select its options and the error', () => {
    const onValue = vi.fn();
    render(
      <SelectField
        look="admin"
        label="Role"
        value="a"
        onValue={onValue}
        error="Choose one"
        options={[
          { value: 'a', label: 'Admin' },
          { value: 'd', label: 'Doctor' },
        ]}
      />,
    );
    const select = screen.getByLabelText('Role');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(description(select)).toBe('Choose one');
    fireEvent.change(select, { target: { value: 'd' } });
    expect(onValue).toHaveBeenCalledWith('d');
  });

  it('lays a field out around any control, with its form name as data-field', () => {
    render(
      <Field look="people" id="x-age" field="age" label="Age" error="Enter the age">
        {(control) => <input {...control} type="number" />}
      </Field>,
    );
    const input = screen.getByLabelText('Age');
    expect(input.getAttribute('data-field')).toBe('age');
    expect(description(input)).toBe('Enter the age');
  });

  it('gives a checkbox its label beside it, and a hand-laid control its error', () => {
    const onChecked = vi.fn();
    render(
      <>
        <CheckField look="admin" label="Active" checked={false} onChecked={onChecked} error="Needed" />
        <input {...fieldControlProps('c', { field: 'consent', error: true })} type="checkbox" aria-label="Consent" />
        <FieldError look="people" id="c">
          Tick the box
        </FieldError>
      </>,
    );
    const box = screen.getByLabelText('Active');
    expect(description(box)).toBe('Needed');
    fireEvent.click(box);
    expect(onChecked).toHaveBeenCalledWith(true);
    expect(description(screen.getByLabelText('Consent'))).toBe('Tick the box');
  });
});
