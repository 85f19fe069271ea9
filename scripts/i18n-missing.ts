/**
 * `npm run i18n:missing`: what each language's catalog lacks against English, e.g.
 * after a merge brought new English texts. Lists missing, extra, empty and untranslated keys per
 * language; exits 1 if any. The type-check names the same missing keys (src/i18n/hi|mr/*.ts).
 */
import { homeEnglish } from '../src/content/home';
import { pageCopies } from '../src/content/translatedCopy';
import { compareCatalogs, sameInCopy } from '../src/i18n/check';
import { loadCatalog } from '../src/i18n/catalogs';
import { en } from '../src/i18n/messages';

let problems = 0;
for (const language of ['hi', 'mr'] as const) {
  let report;
  try {
    report = compareCatalogs(en, await loadCatalog(language));
    const { home } = (await import(`../src/content/${language}/home.ts`)) as { home: unknown };
    compareCatalogs(homeEnglish, home, 'content/home', report, sameInCopy);
    for (const [page, copy] of Object.entries(pageCopies)) compareCatalogs(copy.english, await copy.load(language), `content/${page}`, report, sameInCopy);
  } catch (error) {
    console.log(`${language}: the catalog does not load (${String(error)})`);
    problems += 1;
    continue;
  }
  const lines = Object.entries(report).flatMap(([kind, paths]) => (paths as string[]).map((path) => `  ${kind.padEnd(13)} ${path}`));
  problems += lines.length;
  console.log(lines.length === 0 ? `${language}: complete` : `${language}: ${lines.length} to do\n${lines.join('\n')}`);
}
process.exitCode = problems === 0 ? 0 : 1;
