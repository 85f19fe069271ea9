/**
 * Build-only Vite plugins that trim what the home page's first JavaScript carries from libraries
 * (`npm run bench` measures it against a React-only page; the budget is 1.7 times that).
 * Each only drops code the app cannot reach; if a library's output changes so that a pattern no
 * longer matches, the plugin does nothing and the bundle figure goes up: nothing breaks.
 *
 * What each saves on the home page's first JavaScript (index.html's scripts and modulepreloads,
 * `vite build` without the plugin against with it, 2026-11-24):
 * - reactRouterProduction: 14.1 kB minified, 4.5 kB gzip (355,936 -> 341,834 B; 111,199 -> 106,720 B);
 * - machineDescriptionsOut: 2.1 kB minified, 0.76 kB gzip (343,931 -> 341,834 B; 107,480 -> 106,720 B).
 * A third trim (io-ts codecs marked pure) was removed then: 0 B on the home page (io-ts loads
 * with the API chunks after the first render) and 0.5 kB gzip over all chunks.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst, type Plugin } from 'vite';

/**
 * React Router's production build for `vite build` (its package exports only the development one,
 * which differs in one flag, ENABLE_DEV_WARNINGS), without the top-level `X.displayName = "X"`
 * lines and with its `forwardRef` components marked pure: otherwise each of those lines keeps an
 * unused component alive (Link, NavLink, Form and the fetcher forms with everything they call).
 * Names are for React DevTools, which a production build does not serve.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  const available = existsSync(join(dist, 'index.mjs')) && existsSync(join(dist, 'dom-export.mjs'));
  return {
    name: 'clinic:react-router-production',
    apply: (_config, { command, mode }) => available && command === 'build' && mode === 'production',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
        ],
      },
    }),
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/^(var [A-Za-z0-9_$]+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2'),
        map: null,
      }),
    },
  };
}

/**
 * The machines' state `description` texts document the statecharts (`npm run machines` exports
 * them for the Stately visualiser, from the sources); the app never reads them, so the browser
 * build leaves them out: the `description: '...'` of the object given to `createMachine` and of
 * every state under a `states` object, nothing else.
 */
export function machineDescriptionsOut(): Plugin {
  return {
    name: 'clinic:machine-descriptions-out',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]machines[\\/].*\.ts$/ },
      handler(code) {
        const cuts: Array<[number, number]> = [];
        const cutDescription = (state: AstNode): void => {
          const props = state.properties ?? [];
          props.forEach((p, i) => {
            if (!isTextProperty(p, 'description')) return;
            const next = props[i + 1];
            const prev = props[i - 1];
            // Up to the next property, or from the previous one's end when it is the last.
            cuts.push(next ? [p.start, next.start] : prev ? [prev.end, p.end] : [p.start, p.end]);
          });
        };
        const visit = (node: AstNode): void => {
          if (node.type === 'CallExpression' && isCreateMachine(node.callee) && node.arguments?.[0]?.type === 'ObjectExpression') {
            cutDescription(node.arguments[0]);
          }
          if (node.type === 'Property' && keyName(node) === 'states' && node.value?.type === 'ObjectExpression') {
            for (const state of node.value.properties ?? []) {
              if (state.type === 'Property' && state.value?.type === 'ObjectExpression') cutDescription(state.value);
            }
          }
          for (const value of Object.values(node)) {
            for (const child of Array.isArray(value) ? value : [value]) {
              if (child && typeof child === 'object' && typeof (child as AstNode).type === 'string') visit(child as AstNode);
            }
          }
        };
        visit(parseAst(code, { lang: 'ts' }) as unknown as AstNode);
        if (cuts.length === 0) return null;
        let out = code;
        for (const [from, to] of cuts.sort((x, y) => y[0] - x[0])) out = out.slice(0, from) + out.slice(to);
        return { code: out, map: null };
      },
    },
  };
}

interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly computed?: boolean;
  readonly key?: AstNode & { readonly name?: string };
  readonly value?: AstNode & { readonly value?: unknown; readonly expressions?: readonly unknown[] };
  readonly properties?: readonly AstNode[];
  readonly callee?: AstNode & { readonly name?: string; readonly property?: AstNode & { readonly name?: string } };
  readonly arguments?: readonly AstNode[];
}

const keyName = (p: AstNode): string | undefined => (!p.computed && p.key?.type === 'Identifier' ? p.key.name : undefined);

const isCreateMachine = (callee: AstNode['callee']): boolean =>
  callee?.type === 'MemberExpression' ? callee.property?.name === 'createMachine' : callee?.name === 'createMachine';

function isTextProperty(p: AstNode, name: string): boolean {
  return (
    p.type === 'Property' &&
    keyName(p) === name &&
    ((p.value?.type === 'Literal' && typeof p.value.value === 'string') ||
      (p.value?.type === 'TemplateLiteral' && p.value.expressions?.length === 0))
  );
}
