/** The owner's view's number and bucket formats: Intl in the language in use, Latin digits, dates in clinic time. */
import { dayStart } from '../../../contract/clinicTime';
import type { InsightsAnswer } from '../../../contract/insights';
import { getLocale } from '../../i18n/languageChoice';

export const numberFormat = () => new Intl.NumberFormat(`${getLocale()}-u-nu-latn`, { maximumFractionDigits: 1 });
export const percentFormat = () => new Intl.NumberFormat(`${getLocale()}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 1 });

/** A bucket's label: "1 Dec" for a day or a week (its Monday), "Dec 2026" for a month. */
export function bucketLabel(start: string, grain: InsightsAnswer['grain']): string {
  const options: Intl.DateTimeFormatOptions = grain === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(`${getLocale()}-u-nu-latn`, { ...options, timeZone: 'UTC' }).format(dayStart(start));
}
