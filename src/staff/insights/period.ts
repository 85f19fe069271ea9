/** The Insights section's ready-made periods, in clinic dates (docs/insights.md, "The period"). */
import { addDays } from '../../../contract/clinicTime';

export type Preset = 'thisMonth' | 'lastMonth' | 'last7' | 'last30' | 'last90';
export const presets: readonly Preset[] = ['thisMonth', 'lastMonth', 'last7', 'last30', 'last90'];

/** A preset's dates, in clinic time on `today`. */
export function presetPeriod(preset: Preset, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  if (preset === 'thisMonth') return { from: monthStart, to: today };
  if (preset === 'lastMonth') {
    const lastDay = addDays(monthStart, -1);
    return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
  }
  const days = preset === 'last7' ? 7 : preset === 'last30' ? 30 : 90;
  return { from: addDays(today, -(days - 1)), to: today };
}

