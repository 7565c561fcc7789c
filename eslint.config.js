import { dirname, resolve } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The boundaries between rooms, each with the reason a crossing is refused. */
const BOUNDARIES = {
  notServerOrWeb: {
    group: ['@yuqing/server*', '@yuqing/web*', '**/server/**', '**/web/**'],
    message: 'Imports flow web -> core and server -> core only.',
  },
  notWeb: {
    group: ['@yuqing/web*', '**/web/src/**'],
    message: 'Imports flow web -> core and server -> core only.',
  },
  notServer: {
    group: ['@yuqing/server*', '**/server/src/**'],
    message: 'Imports flow web -> core and server -> core only.',
  },
  notTestEquipment: {
    group: ['**/testing', '**/testing/**', '**/test/**'],
    message: 'Test equipment (server/test/, web/src/testing/, core/testing/) is for tests only.',
  },
  notHttp: {
    group: ['**/errors.js', '**/http/**', '**/routes/**'],
    message: 'The posts engine knows nothing of HTTP: a request is checked before it runs.',
  },
  notHttpInDomain: {
    group: ['**/errors.js', '**/routes/**'],
    message: 'A domain room throws refusals (refusals.ts); only routes speak HTTP (errors.ts).',
  },
  notAppShell: {
    group: ['**/app/*', '**/app/**'],
    message: 'Screens sit above session and navigation: a feature never imports the app shell.',
  },
};

/**
 * A screen (web/src/features/<name>/) uses another screen only through that one's index.ts:
 * `../dashboard`, never `../dashboard/DashboardView`. Shared code lives in rooms of its own.
 */
const featureInternals = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const featureOf = (path) => /web\/src\/features\/([^/]+)(\/.*)?$/.exec(path);
    const own = featureOf(context.filename);
    if (!own) return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.')) return;
        const target = featureOf(resolve(dirname(context.filename), spec));
        if (!target || target[1] === own[1] || !target[2]) return;
        context.report({
          node: node.source,
          message: `A screen uses features/${target[1]} only through its index.ts, not '${spec}'.`,
        });
      },
    };
  },
};

const restrict = (...boundaries) => ({
  'no-restricted-imports': ['error', { patterns: boundaries }],
});
const WEB_TESTS = [
  'packages/web/src/**/*.test.ts',
  'packages/web/src/**/*.test.tsx',
  'packages/web/src/**/*.testing.ts',
  'packages/web/src/testing/**',
];
const SERVER_TESTS = ['packages/server/src/**/*.test.ts', 'packages/server/test/**'];
const CORE_TESTS = ['packages/core/src/**/*.test.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/core/**'],
    rules: restrict(BOUNDARIES.notServerOrWeb),
  },
  {
    files: ['packages/core/src/**'],
    ignores: CORE_TESTS,
    rules: restrict(BOUNDARIES.notServerOrWeb, BOUNDARIES.notTestEquipment),
  },
  {
    files: ['packages/server/**'],
    rules: restrict(BOUNDARIES.notWeb),
  },
  {
    files: ['packages/server/src/**'],
    ignores: SERVER_TESTS,
    rules: restrict(BOUNDARIES.notWeb, BOUNDARIES.notTestEquipment),
  },
  {
    files: [
      'packages/server/src/{tagging,export,alerts,corrections,retag,search,ingest,llm,proxy,net,jobs}/**',
    ],
    ignores: SERVER_TESTS,
    rules: restrict(BOUNDARIES.notWeb, BOUNDARIES.notTestEquipment, BOUNDARIES.notHttpInDomain),
  },
  {
    files: ['packages/server/src/engine/**'],
    ignores: SERVER_TESTS,
    rules: restrict(BOUNDARIES.notWeb, BOUNDARIES.notTestEquipment, BOUNDARIES.notHttp),
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(BOUNDARIES.notServer),
    },
  },
  {
    files: ['packages/web/src/**'],
    ignores: WEB_TESTS,
    rules: restrict(BOUNDARIES.notServer, BOUNDARIES.notTestEquipment),
  },
  {
    files: ['packages/web/src/features/**'],
    plugins: { rooms: { rules: { 'feature-internals': featureInternals } } },
    rules: {
      ...restrict(BOUNDARIES.notServer, BOUNDARIES.notAppShell),
      'rooms/feature-internals': 'error',
    },
  },
  {
    files: ['packages/web/src/features/**'],
    ignores: WEB_TESTS,
    rules: restrict(BOUNDARIES.notServer, BOUNDARIES.notAppShell, BOUNDARIES.notTestEquipment),
  },
  {
    // A call is written once, in core: routes are registered from its contract (routes/route.ts).
    files: ['packages/server/src/**'],
    ignores: [...SERVER_TESTS, 'packages/server/src/routes/route.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
          message:
            "An API route is registered from its call's contract: route(api, CALL, handler).",
        },
      ],
    },
  },
  {
    // The web makes a call from its contract in core (api/call.ts), never from a path of its own.
    files: ['packages/web/src/**'],
    ignores: [...WEB_TESTS, 'packages/web/src/api/client.ts', 'packages/web/src/api/call.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(request|apiDownload|apiUrl)$/]',
          message: 'A call is made from its contract in core: call(CALL, input) (api/call.ts).',
        },
      ],
    },
  },
  {
    // Command-line entry points talk to the terminal.
    files: [
      'scripts/**',
      'packages/server/src/main.ts',
      'packages/server/src/cli/**',
      'packages/server/scripts/**',
      'bench/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
