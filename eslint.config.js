import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
// The maintained fork of eslint-plugin-jsx-a11y, whose last release stops at ESLint 9 (same rules, prefix jsx-a11y-x).
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { screenFolders } from './scripts/lint-screen-folders.mjs';

// One way down (docs/tooling.md, "Layers"): pages -> islands and shell -> stores -> api; the helpers at the top of
// src/lib, the schemas and hydration sit below the views and import none. Each entry names what files under `files`
// may not import; `allowTypeImports` lets a file name a layer's data shapes without running its code.
const REACT = '^(react|react-dom|@nanostores/react)(/|$)';
const REACT_OR_NANOSTORES = '^(react|react-dom|nanostores)(/|$)|^@nanostores/';
const ISLAND_RULES = [
  {
    regex: '(^|/)api/(?!errors$)[^/]+$',
    allowTypeImports: true,
    message: 'Islands reach the API only through a store (src/lib/stores); they may import its types.',
  },
  {
    regex: '(^|/)api/errors$',
    allowImportNames: ['isApiError'],
    allowTypeImports: true,
    message: 'From src/lib/api/errors an island may import its types and isApiError only.',
  },
  { regex: '(^|/)(shell|pages)(/|$)', message: 'Islands may not import the shell (page script) or pages.' },
];
const LAYERS = [
  {
    layer: 'src/lib/api',
    files: ['src/lib/api/**'],
    forbidden: [
      {
        regex: '(^|/)(stores|shell|hydration|schemas|islands|pages)(/|$)',
        message: 'src/lib/api is the lowest layer: it may not import stores, shell, hydration, schemas, islands or pages.',
      },
      { regex: REACT_OR_NANOSTORES, message: 'src/lib/api is plain typed HTTP: no React, no nanostores.' },
    ],
  },
  {
    layer: 'src/lib/stores',
    files: ['src/lib/stores/**'],
    forbidden: [
      {
        regex: '(^|/)(shell|hydration|islands|pages)(/|$)',
        message: 'Stores may import src/lib/api, never the shell, hydration, islands or pages.',
      },
      { regex: REACT, message: 'Stores are plain nanostores: React binds to them in the islands, never in a store.' },
    ],
  },
  {
    layer: 'src/lib/shell',
    files: ['src/lib/shell/**'],
    forbidden: [
      {
        regex: '(^|/)(islands|pages)(/|$)',
        message: 'The shell is page script: it may import stores and the API, never islands or pages.',
      },
      { regex: REACT, message: 'The shell is plain page script: no React.' },
    ],
  },
  {
    layer: 'src/lib/hydration',
    files: ['src/lib/hydration/**'],
    forbidden: [
      {
        regex: '(^|/)(api|stores|schemas|islands|pages)(/|$)',
        message: 'Client directives run before any island: they may not import the API, stores, schemas, islands or pages.',
      },
      // The integration inlines the shell's session-flag script into every page's head; the rest of the shell is page code.
      {
        regex: '(^|/)shell/(?!session-flag$)[^/]+$',
        message: 'Hydration may import only src/lib/shell/session-flag from the shell.',
      },
      { regex: REACT_OR_NANOSTORES, message: 'Client directives are plain script: no React, no nanostores.' },
    ],
  },
  {
    layer: 'src/lib/schemas',
    files: ['src/lib/schemas/**'],
    forbidden: [
      {
        regex: '(^|/)(stores|shell|hydration|islands|pages)(/|$)',
        message: 'Schemas are plain yup: they may not import stores, shell, hydration, islands or pages.',
      },
      { regex: '(^|/)api/[^/]+$', allowTypeImports: true, message: "Schemas may name the API's data shapes, not call it." },
      { regex: REACT_OR_NANOSTORES, message: 'Schemas are plain yup: no React, no nanostores.' },
    ],
  },
  {
    layer: 'src/lib/*',
    files: ['src/lib/*'],
    forbidden: [
      {
        regex: '(^|/)(stores|shell|hydration|islands|pages)(/|$)',
        message: 'The helpers at the top of src/lib sit below the stores, shell, hydration, islands and pages: a type they share lives in the helper.',
      },
      { regex: REACT, message: 'The helpers at the top of src/lib are plain TypeScript: no React.' },
    ],
  },
  {
    layer: 'src/islands',
    files: ['src/islands/**'],
    forbidden: ISLAND_RULES,
  },
  {
    // A screen's model (docs/how-to-add-a-screen.md): every .ts file under src/islands but a hook (use-*.ts) is plain
    // TypeScript, tested in Node; the views bind it. The islands' own rules above hold here too.
    layer: 'src/islands models',
    files: ['src/islands/**/*.ts'],
    ignores: ['src/islands/**/use-*.ts'],
    forbidden: [
      ...ISLAND_RULES,
      {
        regex: '^(react|react-dom|@nanostores/react|react-toastify|formik|react-cropper|swiper)(/|$)',
        message: "A model imports no React: what it decides is plain TypeScript, and the view (a .tsx file) binds it.",
      },
      {
        regex: '(^|/)[A-Z][^/]*$|\\.tsx$',
        caseSensitive: true,
        message: 'A model imports no view: a component module (PascalCase, .tsx) belongs to the view that binds the model.',
      },
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
const layerConfigs = LAYERS.map(({ layer, files, ignores, forbidden }) => ({
  name: `layers/${layer}`,
  files,
  ...(ignores ? { ignores } : {}),
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
  {
    name: 'screen-folders',
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { screens: screenFolders },
    rules: { 'screens/own-folder': 'error' },
  },
);
