import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support';

describe('contact page quotation form', () => {
  it('says it does not send anything, validates each field with a clear message, then hands over to email or phone', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/contactus' });
    const form = await screen.findByRole('region', { name: 'Ask us a question' });
    expect(form.textContent).toContain('This form does not send anything by itself.');

    await user.click(within(form).getByRole('button', { name: 'Prepare my message' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
    const name = within(form).getByLabelText('Your name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(form.textContent).toContain('Please enter your name.');
    expect(form.textContent).toContain('Please enter a 10-digit phone number.');
    expect(form.textContent).toContain('Please enter an email address like name@example.com.');
    expect(form.textContent).toContain('Please write a message of at least 10 characters.');

    await user.type(name, 'Asha Patil');
    await user.type(within(form).getByLabelText('Phone number'), '98220 12345');
    await user.type(within(form).getByLabelText('Email address'), 'asha@example.com');
    await user.type(within(form).getByLabelText('Your message'), 'Do you treat childhood eczema?');
    await user.click(within(form).getByRole('button', { name: 'Prepare my message' }));

    expect(within(form).getByRole('heading', { name: 'Your message is ready' })).toBeTruthy();
    const email = within(form).getByRole('link', { name: 'Send it from my email app' });
    const href = email.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:care@sahaj-clinic.example?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Question from Asha Patil');
    expect(params.get('body')).toContain('Do you treat childhood eczema?');
    expect(params.get('body')).toContain('98220 12345');
    expect(within(form).getByRole('link', { name: 'Call +91 20 4000 1234' }).getAttribute('href')).toBe('tel:+912040001234');
  });

  it('shows the hours of spec §9 as a table, Friday closed', async () => {
    renderApp({ route: '/contactus' });
    const table = await screen.findByRole('table');
    const row = (day: string) => within(table).getByRole('row', { name: new RegExp(`^${day}`) });
    expect(row('Monday').textContent).toContain('9:00 am – 1:00 pm3:00 pm – 7:00 pm');
    expect(row('Wednesday').textContent).toContain('5:00 pm – 8:00 pm');
    expect(row('Friday').textContent).toContain('Closed');
    expect(row('Sunday').textContent).toContain('5:00 pm – 8:00 pm');
  });
});
