import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
// The maintained fork of eslint-plugin-jsx-a11y, whose last release stops at ESLint 9 (same rules, prefix jsx-a11y-x).
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One way down (docs/tooling.md, "Layers"): pages -> islands -> stores -> api. Each entry names what files under
// `files` may not import; `allowTypeImports` lets views name the API's data shapes without calling it.
const LAYERS = [
  {
    layer: 'src/lib/api',
    files: ['src/lib/api/**'],
    forbidden: [
      { regex: '(^|/)(stores|shell|islands|pages)(/|$)', message: 'src/lib/api is the lowest layer: it may not import stores, shell, islands or pages.' },
      { regex: '^(react|react-dom|nanostores|@nanostores/.*)$', message: 'src/lib/api is plain typed HTTP: no React, no nanostores.' },
    ],
  },
  {
    layer: 'src/lib/stores',
    files: ['src/lib/stores/**'],
    forbidden: [{ regex: '(^|/)(shell|islands|pages)(/|$)', message: 'Stores may import src/lib/api, never the shell, islands or pages.' }],
  },
  {
    layer: 'src/islands',
    files: ['src/islands/**'],
    forbidden: [
      {
        regex: '(^|/)api/(?!errors$)[^/]+$',
        allowTypeImports: true,
        message: 'Islands reach the API only through a store (src/lib/stores); its types and src/lib/api/errors may be imported.',
      },
      { regex: '(^|/)pages(/|$)', message: 'Islands may not import pages.' },
    ],
  },
  {
    layer: 'src/pages',
    files: ['src/pages/**'],
    forbidden: [
      {
        regex: '(^|/)(stores/session|shell/require-session)$',
        message: 'Astro pages never read the session: an island or the shell script (src/lib/shell/shell.ts) does.',
      },
      { regex: '(^|/)lib/api/[^/]+$', allowTypeImports: true, message: 'Astro pages reach the API only through a store or an island.' },
    ],
  },
];

// Data renders as text (docs/security.md): no HTML or code sinks, and a new tab never gets a handle on this one.
const SINKS = ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'createContextualFragment', 'srcdoc'];
const SECURITY_SYNTAX = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render data as text: no dangerouslySetInnerHTML.' },
  {
    selector:
      "JSXOpeningElement:has(JSXAttribute[name.name='target'][value.value='_blank']):not(:has(JSXAttribute[name.name='rel'][value.value='noopener noreferrer']))",
    message: 'A link that opens a new tab needs rel="noopener noreferrer".',
  },
];
const securityRules = {
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-new-func': 'error',
  'no-script-url': 'error',
  'no-restricted-properties': [
    'error',
    ...SINKS.map((property) => ({ property, message: 'Render data as text (textContent, DOM nodes): no HTML sinks.' })),
    { object: 'document', property: 'write', message: 'No document.write.' },
    { object: 'document', property: 'writeln', message: 'No document.write.' },
  ],
  'no-restricted-syntax': ['error', ...SECURITY_SYNTAX],
  'astro/no-set-html-directive': 'error',
};

/** The import-boundary rules, one config per layer: static imports and re-exports, and dynamic import() as well. */
const layerConfigs = LAYERS.map(({ layer, files, forbidden }) => ({
  name: `layers/${layer}`,
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: forbidden }],
    // A later config replaces an earlier one's options for the same rule, so the security selectors are repeated here.
    'no-restricted-syntax': [
      'error',
      ...SECURITY_SYNTAX,
      ...forbidden.map(({ regex, message }) => ({
        // esquery takes no '/' inside a regex literal, so it is spelled \x2F here.
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  },
}));

/** Lint rules: TypeScript, Astro, accessibility of JSX, React hooks, and the layers' import boundaries. */
export default defineConfig(
  { ignores: ['dist/', '.astro/', '.cache/', 'node_modules/', 'sandbox/data/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
    plugins: { ...jsxA11y.configs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { name: 'security', files: ['src/**/*.{js,mjs,ts,tsx,astro}'], rules: securityRules },
  ...layerConfigs,
);
