/**
 * The Insights section's name in the console's links and the tab's title, in the language in use
 * (its other texts load with the section: src/i18n/insightsMessages.ts, whose headings these are).
 */
import { useLanguage, type Language } from '../i18n/languageChoice';

const titles: Readonly<Record<Language, string>> = { en: 'Insights', hi: 'आँकड़े', mr: 'आकडेवारी' };

export const useInsightsTitle = (): string => titles[useLanguage()];
