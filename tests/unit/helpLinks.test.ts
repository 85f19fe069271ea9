import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callLink,
  emailLink,
  helpAvailability,
  helpLinks,
  internationalDigits,
  whatsAppLink,
} from '../../machines/help/helpLinks.js';

const text = 'Hello, I want help.';

describe('internationalDigits', () => {
  it.each([
    ['+91 98765 43210', '919876543210'],
    ['+91-98765-43210', '919876543210'],
    ['0091 98765 43210', '919876543210'],
    ['9876543210', '919876543210'], // an Indian mobile without its country code
    ['022 2345 6789', '912223456789'], // an Indian landline with its trunk 0
    ['(022) 2345-6789', '912223456789'],
    ['+44 20 7946 0958', '442079460958'],
    ['919876543210', null], // 12 digits without + or 00: not guessed at
    ['', null],
    ['   ', null],
    ['+', null],
    ['+91 98765 4321x', null],
    ['98765', null],
    ['+1234567', null], // shorter than any international number
    ['+1234567890123456', null], // longer than E.164 allows
    ['+0123456789', null],
    ['tel:+919876543210', null],
    ['+91 98765\n43210', '919876543210'],
  ])('reads %j as %j', (number, digits) => {
    expect(internationalDigits(number)).toBe(digits);
  });

  it('gives only digits, 8 to 15 of them, or null', () => {
    fc.assert(
      fc.property(fc.string(), (number) => {
        const digits = internationalDigits(number);
        if (digits !== null) expect(digits).toMatch(/^[1-9]\d{7,14}$/);
      }),
    );
  });
});

describe('the links', () => {
  it('opens a WhatsApp chat with the number in international form and the text typed in', () => {
    expect(whatsAppLink('+91 98765 43210', text)).toBe('https://wa.me/919876543210?text=Hello%2C%20I%20want%20help.');
    const url = new URL(whatsAppLink('9876543210', 'a&b=c?#d') ?? '');
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe('/919876543210');
    expect([...url.searchParams]).toEqual([['text', 'a&b=c?#d']]);
    expect(whatsAppLink('not a number', text)).toBeNull();
  });

  it('carries any text intact in the one text parameter', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (anyText) => {
        const url = new URL(whatsAppLink('+91 98765 43210', anyText) ?? '');
        expect(url.searchParams.getAll('text')).toEqual([anyText]);
        expect(url.pathname).toBe('/919876543210');
      }),
      { numRuns: 200 },
    );
  });

  it('calls tel:+<digits>', () => {
    expect(callLink('022 2345 6789')).toBe('tel:+912223456789');
    expect(callLink('+91 98765 43210')).toBe('tel:+919876543210');
    expect(callLink('call us')).toBeNull();
  });

  it('writes mailto:<address> for one plain address, and nothing for one that could carry more', () => {
    expect(emailLink('help@clinic.example')).toBe('mailto:help@clinic.example');
    expect(emailLink('  help+desk@clinic.example ')).toBe('mailto:help+desk@clinic.example');
    for (const address of [
      '',
      'help',
      'help@clinic',
      'help@clinic.example?cc=other@evil.example',
      'help@clinic.example&body=x',
      'help@clinic.example,other@evil.example',
      'help me@clinic.example',
      'help@clinic.example#x',
      'help%40clinic.example@x.example',
      'javascript:alert(1)//@x.example',
    ]) {
      expect(emailLink(address), address).toBeNull();
    }
  });

  it('builds all three from the configured contacts', () => {
    expect(helpLinks({ chatNumber: '+91 98765 43210', callNumber: '022 2345 6789', email: 'help@clinic.example' }, text)).toEqual({
      chat: 'https://wa.me/919876543210?text=Hello%2C%20I%20want%20help.',
      call: 'tel:+912223456789',
      email: 'mailto:help@clinic.example',
    });
    expect(helpLinks({ chatNumber: '', callNumber: '', email: '' }, text)).toEqual({ chat: null, call: null, email: null });
  });
});

describe('helpAvailability (spec §4)', () => {
  const video = { consultationType: 'Video', appointmentStatus: 'Booked' } as const;
  const visit = { consultationType: 'Clinic Visit', appointmentStatus: 'Booked' } as const;

  it('needs a login first', () => {
    expect(helpAvailability(false, [video])).toBe('loginRequired');
    expect(helpAvailability(false, [])).toBe('loginRequired');
  });

  it('needs an appointment; cancelled ones do not count', () => {
    expect(helpAvailability(true, [])).toBe('noAppointment');
    expect(helpAvailability(true, [{ ...video, appointmentStatus: 'Cancelled' }])).toBe('noAppointment');
  });

  it('needs one that is not a Clinic Visit', () => {
    expect(helpAvailability(true, [visit, visit])).toBe('clinicVisitOnly');
    expect(helpAvailability(true, [visit, { ...video, appointmentStatus: 'Cancelled' }])).toBe('clinicVisitOnly');
    expect(helpAvailability(true, [visit, video])).toBe('available');
    for (const consultationType of ['Chat', 'Video', 'Call'] as const) {
      expect(helpAvailability(true, [{ consultationType, appointmentStatus: 'Completed' }])).toBe('available');
    }
  });
});
