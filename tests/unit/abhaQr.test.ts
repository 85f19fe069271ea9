/**
 * The ABHA's words (contract/abdm.ts): the number's and the address's codecs, and the one reading
 * of both published card QR layouts (the older `hid`, the newer `phr`).
 */
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { AbhaRequest, formatAbhaNumber, readAbhaQr, requestOfCard } from '../../contract/abdm.js';

/** The older ABHA card's QR: the address as `hid`, district and state as `dist name`, `state name`. */
const hidCard = JSON.stringify({
  hidn: '91-5020-3070-4012',
  hid: 'asha.kale@ndhm',
  name: 'Asha Kale',
  gender: 'F',
  statelgd: '27',
  distlgd: '521',
  dob: '12/4/1958',
  'state name': 'MAHARASHTRA',
  'dist name': 'Pune',
  mobile: '9822012345',
  address: 'Aundh, Pune',
});

/** The newer card's and the ABHA app's: the address as `phr`, `district_name`, `state_name`. */
const phrCard = JSON.stringify({
  hidn: '91-5020-3070-4012',
  phr: 'asha.kale@abdm',
  name: 'Asha Kale',
  gender: 'F',
  dob: '12-04-1958',
  mobile: '9822012345',
  address: 'Aundh, Pune',
  distlgd: '521',
  statelgd: '27',
  district_name: 'PUNE',
  state_name: 'MAHARASHTRA',
});

describe('ABHA card QR', () => {
  it('reads the older layout (hid)', () => {
    expect(readAbhaQr(hidCard)).toEqual({ abhaNumber: '91502030704012', abhaAddress: 'asha.kale@ndhm', name: 'Asha Kale', format: 'hid' });
  });

  it('reads the newer layout (phr)', () => {
    expect(readAbhaQr(phrCard)).toEqual({ abhaNumber: '91502030704012', abhaAddress: 'asha.kale@abdm', name: 'Asha Kale', format: 'phr' });
  });

  it('reads a card with the number only, or the address only', () => {
    expect(readAbhaQr(JSON.stringify({ hidn: '91502030704012', name: 'A' }))).toMatchObject({ abhaNumber: '91502030704012', abhaAddress: null });
    expect(readAbhaQr(JSON.stringify({ phr: 'asha@sbx' }))).toMatchObject({ abhaNumber: null, abhaAddress: 'asha@sbx' });
  });

  it('refuses what is not an ABHA QR: another QR, a URL, a malformed number or address, nothing of either', () => {
    for (const text of ['https://example.org', '', '12345', '[]', 'null', JSON.stringify({ name: 'Asha' }),
      JSON.stringify({ hidn: '91-5020-3070-401', phr: 'asha@abdm' }), JSON.stringify({ hidn: '91502030704012', phr: 'asha@gmail.com' })]) {
      expect(readAbhaQr(text), text).toBeNull();
    }
  });

  it('makes the request the form sends, which the contract accepts', () => {
    const request = requestOfCard(readAbhaQr(phrCard)!);
    expect(request).toEqual({ abhaNumber: '91502030704012', abhaAddress: 'asha.kale@abdm', source: 'qr' });
    expect(isRight(AbhaRequest.decode(request))).toBe(true);
  });
});

describe('ABHA number and address', () => {
  it('accepts the number with or without its dashes, and prints it as the card does', () => {
    for (const written of ['91-5020-3070-4012', '91502030704012', '91 5020 3070 4012']) {
      const decoded = AbhaRequest.decode({ abhaNumber: written, abhaAddress: '', source: 'typed' });
      expect(isRight(decoded) && decoded.right).toEqual({ abhaNumber: '91502030704012', abhaAddress: null, source: 'typed' });
    }
    expect(formatAbhaNumber('91502030704012')).toBe('91-5020-3070-4012');
  });

  it('keeps the address in lower case, and refuses other domains', () => {
    const decoded = AbhaRequest.decode({ abhaNumber: '', abhaAddress: 'Asha_K@SBX', source: 'typed' });
    expect(isRight(decoded) && decoded.right.abhaAddress).toBe('asha_k@sbx');
    expect(isLeft(AbhaRequest.decode({ abhaNumber: '', abhaAddress: 'asha@gmail.com', source: 'typed' }))).toBe(true);
    expect(isLeft(AbhaRequest.decode({ abhaNumber: '', abhaAddress: '.asha@abdm', source: 'typed' }))).toBe(true);
  });
});
