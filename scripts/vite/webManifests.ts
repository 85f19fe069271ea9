/**
 * Build only: the web app manifests of src/pwa/manifest.ts, one per language, written as
 * /manifest.<lang>.webmanifest (served by the site's static files, revalidated on each use; the
 * service worker precaches them with the rest of the build).
 */
import type { Plugin } from 'vite';
import { manifestLanguages, manifestPath, webManifest } from '../../src/pwa/manifest.ts';

export function webManifests(): Plugin {
  return {
    name: 'clinic:web-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of manifestLanguages) {
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: `${JSON.stringify(webManifest(language), null, 2)}\n`,
        });
      }
    },
  };
}
