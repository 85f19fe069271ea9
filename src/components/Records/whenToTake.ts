/**
 * A remedy's frequency in plain words: the abbreviations doctors write (OD, BD, TDS, QID, HS,
 * SOS, stat, weekly; with or without dots, any case) become the catalog's sentence; anything else
 * is shown as the doctor wrote it.
 */
import type { Messages } from '../../i18n/messages';

const codes: Record<string, keyof Messages['records']['frequencies']> = {
  od: 'od',
  qd: 'od',
  'once a day': 'od',
  'once daily': 'od',
  bd: 'bd',
  bid: 'bd',
  'twice a day': 'bd',
  tds: 'tds',
  tid: 'tds',
  qid: 'qid',
  qds: 'qid',
  hs: 'hs',
  sos: 'sos',
  prn: 'sos',
  stat: 'stat',
  weekly: 'weekly',
  'once a week': 'weekly',
};

export function whenToTake(frequency: string, texts: Messages['records']): string {
  const key = frequency.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
  const code = codes[key];
  return code ? texts.frequencies[code] : frequency.trim();
}
