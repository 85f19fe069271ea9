/**
 * The rule that keeps the popups and the browser's history in step (src/components/Popup/popupHistory.ts),
 * case by case; the rendered app is driven through it in tests/component/bookingBack.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { historyStep, layersOf, type HistoryState } from '../../src/components/Popup/popupHistory';

const at = (state: Partial<HistoryState>): HistoryState => ({ before: 0, layers: 0, entry: 0, moved: false, leaving: false, opening: 'no', ...state });

describe('historyStep', () => {
  it('an opening waits for any navigation made with it, then pushes its entry', () => {
    expect(historyStep(at({ before: 0, layers: 1 }))).toEqual({ kind: 'open' });
    // Meanwhile the router shows "Go now"'s home page: nothing is closed for it.
    expect(historyStep(at({ before: 1, layers: 1, moved: true, opening: 'waiting' }))).toEqual({ kind: 'none' });
    expect(historyStep(at({ before: 1, layers: 1, opening: 'due' }))).toEqual({ kind: 'push', layers: 1 });
    // The login over the booking: one more entry.
    expect(historyStep(at({ before: 1, layers: 2, entry: 1 }))).toEqual({ kind: 'open' });
    expect(historyStep(at({ before: 2, layers: 2, entry: 1, opening: 'due' }))).toEqual({ kind: 'push', layers: 2 });
  });

  it('Back (or a link) to an entry with fewer layers closes down to them', () => {
    expect(historyStep(at({ before: 1, layers: 1, entry: 0, moved: true }))).toEqual({ kind: 'close', to: 0 });
    expect(historyStep(at({ before: 2, layers: 2, entry: 1, moved: true }))).toEqual({ kind: 'close', to: 1 });
    // Its own push arriving changes nothing.
    expect(historyStep(at({ before: 1, layers: 1, entry: 1, moved: true }))).toEqual({ kind: 'none' });
  });

  it('closed from inside the app: its entries go, once; not when the page changes anyway', () => {
    expect(historyStep(at({ before: 1, layers: 0, entry: 1 }))).toEqual({ kind: 'back', by: 1 });
    expect(historyStep(at({ before: 2, layers: 1, entry: 2 }))).toEqual({ kind: 'back', by: 1 });
    expect(historyStep(at({ before: 1, layers: 0, entry: 1, leaving: true }))).toEqual({ kind: 'none' });
    // A later render on the same entry does not go back again.
    expect(historyStep(at({ before: 0, layers: 0, entry: 1 }))).toEqual({ kind: 'none' });
  });

  it("an entry of a popup no longer open becomes a plain one: the history never opens a popup", () => {
    expect(historyStep(at({ before: 0, layers: 0, entry: 1, moved: true }))).toEqual({ kind: 'replace', layers: 0 });
    expect(historyStep(at({ before: 1, layers: 1, entry: 2, moved: true }))).toEqual({ kind: 'replace', layers: 1 });
  });
});

describe('layersOf', () => {
  it("reads the popups' mark and nothing else", () => {
    expect(layersOf({ popupLayers: 2 })).toBe(2);
    for (const state of [null, undefined, 'x', {}, { popupLayers: -1 }, { popupLayers: 1.5 }, { popupLayers: '1' }]) expect(layersOf(state)).toBe(0);
  });
});
