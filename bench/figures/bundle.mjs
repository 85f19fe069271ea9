// (a) The home route's initial JavaScript, gzip, against a React + ReactDOM-only page built in
// the same run with the same vite and React plugin. Budget: at most 1.7 times that floor.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliSize, gzipSize, initialScripts, kib } from '../lib/util.mjs';

export const RATIO_BUDGET = 1.7;

/** Sizes of the scripts an index.html loads at once. */
export function measureInitialJs(distDir) {
  const files = initialScripts(join(distDir, 'index.html')).map((address) => {
    if (/^[a-z]+:\/\//i.test(address)) throw new Error(`index.html loads a script from another origin: ${address}`);
    const path = join(distDir, address.split(/[?#]/)[0].replace(/^\//, ''));
    const bytes = readFileSync(path);
    return { file: address, raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) };
  });
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/** Builds a page that renders one <p> with React + ReactDOM only, outside the project's src. */
async function buildReactOnly(root) {
  const dir = join(root, '.tmp/bench-react-only');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>React only</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(dir, 'main.tsx'),
    [
      "import { StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      '',
      "createRoot(document.getElementById('root')!).render(",
      '  <StrictMode>',
      '    <p>React only</p>',
      '  </StrictMode>,',
      ');',
      '',
    ].join('\n'),
  );
  process.env.NODE_ENV = 'production'; // React's production bundle, as in the real build
  const { build, version } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: dir,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  return { distDir: join(dir, 'dist'), viteVersion: version };
}

export default {
  id: 'bundle',
  title: "Home route's initial JavaScript (gzip) against a React + ReactDOM-only page",
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const home = measureInitialJs(join(ctx.root, 'dist/client'));
    for (const f of home.files) ctx.log(`  ${f.file.padEnd(44)} ${kib(f.raw).padStart(10)} raw ${kib(f.gzip).padStart(10)} gzip`);
    const { distDir, viteVersion } = await buildReactOnly(ctx.root);
    const floor = measureInitialJs(distDir);
    ctx.log(`  React-only page (vite ${viteVersion}): ${floor.files.length} file(s), ${kib(floor.raw)} raw, ${kib(floor.gzip)} gzip`);
    const ratio = home.gzip / floor.gzip;
    return {
      figures: [
        { name: 'home initial JS, gzip', value: home.gzip, unit: 'bytes', display: kib(home.gzip) },
        { name: 'home initial JS, brotli', value: home.brotli, unit: 'bytes', display: kib(home.brotli) },
        { name: 'React + ReactDOM-only page, gzip', value: floor.gzip, unit: 'bytes', display: kib(floor.gzip) },
        { name: 'home initial JS / React-only, gzip ratio', value: ratio, unit: 'ratio', display: ratio.toFixed(3), budget: { max: RATIO_BUDGET } },
      ],
      details: { home, reactOnly: floor, viteVersion },
    };
  },
};
