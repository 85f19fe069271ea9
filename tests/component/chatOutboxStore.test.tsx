/**
 * The chat's outbox kept in localStorage (src/pwa/chatOutbox.ts): per appointment, only while a
 * token is stored, the key gone once empty, and removed with the personal copies whenever the token
 * store forgets or replaces the token (logout, a refused login, the account closed, another login).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { localTokenStore } from '../../src/app/liveAccount';
import { chatOutboxStore } from '../../src/pwa/chatOutbox';

const item = { clientId: '8d0c5a6e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', text: 'Written offline' };

afterEach(() => localStorage.clear());

describe('the kept chat outbox', () => {
  it('keeps each appointment its own texts while a token is stored, and drops the key once empty', () => {
    chatOutboxStore.write('a1', [item]);
    expect(localStorage.getItem('chatOutbox')).toBeNull(); // logged out: nothing kept
    localStorage.setItem('token', 'tok-1');
    chatOutboxStore.write('a1', [item]);
    chatOutboxStore.write('a2', [{ ...item, clientId: 'c2' }]);
    expect(chatOutboxStore.read('a1')).toEqual([item]);
    expect(chatOutboxStore.read('a2').map((i) => i.clientId)).toEqual(['c2']);
    chatOutboxStore.write('a1', []);
    chatOutboxStore.write('a2', []);
    expect(localStorage.getItem('chatOutbox')).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('chatOutbox', JSON.stringify({ a1: [{ clientId: 1 }], a2: 'x' }));
    expect(chatOutboxStore.read('a1')).toEqual([]);
    localStorage.setItem('chatOutbox', '{not json');
    expect(chatOutboxStore.read('a1')).toEqual([]);
  });

  it('is removed at logout and when another login replaces the token, kept when the same token is written again', () => {
    localTokenStore.write('tok-1');
    chatOutboxStore.write('a1', [item]);
    localTokenStore.write('tok-1');
    expect(chatOutboxStore.read('a1')).toEqual([item]);
    localTokenStore.write('tok-2');
    expect(localStorage.getItem('chatOutbox')).toBeNull();
    chatOutboxStore.write('a1', [item]);
    localTokenStore.remove();
    expect(localStorage.getItem('chatOutbox')).toBeNull();
  });
});
