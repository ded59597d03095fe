import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Every `no-restricted-imports` entry below repeats these, because in a flat
// config a later entry for the same files replaces an earlier one.
const HTML_SINK_IMPORTS = [
  { name: 'lit/directives/unsafe-html.js', message: 'No HTML sinks.' },
  { name: 'lit/directives/unsafe-svg.js', message: 'No HTML sinks.' },
];

// Packages that need a DOM; anchored so that a file of ours named e.g. chart.js is not caught.
const DOM_PACKAGES = [
  '/lit',
  '/lit-html',
  '/lit-element',
  '/@lit',
  '/leaflet',
  '/chart.js',
  '/idb',
];

/**
 * The layers of SPEC §9: what each folder of src/ may import from the rest of
 * src/ (folders, or top-level modules by file name), and whether it must run
 * without a DOM. Anything else of ours is refused, so a new folder or
 * src/index.js is refused too until it is named here.
 */
const LAYERS = {
  catalog: { uses: [] },
  conversation: { uses: ['catalog'], noDom: true },
  store: { uses: ['conversation', 'catalog'] },
  // The element platform: define, lazy loading, theme, formatting, config, localization, AnswerElement.
  base: { uses: ['catalog', 'locales'] },
  components: { uses: ['base', 'catalog'] },
  // Its tests may also load the whole library through src/index.js, as a page does.
  thread: {
    uses: ['base', 'catalog', 'conversation', 'store', 'components'],
    testsAlsoUse: ['index.js'],
  },
  agent: { uses: ['catalog', 'conversation'], noDom: true },
  mcp: { uses: ['catalog', 'conversation'], noDom: true },
  // The MCP App's view: the block element in the host's frame.
  'mcp-app': { uses: ['base', 'catalog', 'components'] },
};

// Imports are matched as written, so leaving the folder is `../*` for a file
// directly in it and `../../*` one folder further down: each depth gets its
// own entry. test/repo/layers.test.ts checks that every file is reached.
const DEPTHS = [1, 2, 3];

/**
 * Tests obey their folder's layer too, so a test cannot pull in what its code
 * may not; they may also use src/test-support/, which the code itself may
 * not (the build leaves it out).
 */
function layerRule(layer, { uses, noDom, testsAlsoUse = [] }, depth, tests) {
  const up = '../'.repeat(depth);
  const allowed = tests ? [...uses, 'test-support', ...testsAlsoUse] : uses;
  const patterns = [
    {
      group: [`${up}*`, ...allowed.map((name) => `!${up}${name}`)],
      message: uses.length
        ? `src/${layer}/ may import only ${uses.join(', ')} of ours (SPEC §9).`
        : `src/${layer}/ imports nothing else of ours (SPEC §9).`,
    },
  ];
  if (noDom)
    patterns.push({ group: DOM_PACKAGES, message: `src/${layer}/ runs without a DOM (SPEC §9).` });
  return {
    files: [`src/${layer}/${'*/'.repeat(depth - 1)}*${tests ? '.test' : ''}.ts`],
    ...(tests ? {} : { ignores: ['**/*.test.ts'] }),
    rules: { 'no-restricted-imports': ['error', { paths: HTML_SINK_IMPORTS, patterns }] },
  };
}

const layerRules = Object.entries(LAYERS).flatMap(([layer, rule]) =>
  DEPTHS.flatMap((depth) => [
    layerRule(layer, rule, depth, false),
    layerRule(layer, rule, depth, true),
  ]),
);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'storybook-static/',
      '.test-results/',
      'scratch/',
      'src/locales/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // The spec allows no HTML sinks: content comes from a model.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
        { property: 'outerHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
        { property: 'insertAdjacentHTML', message: 'No HTML sinks: build DOM with Lit templates.' },
      ],
      'no-restricted-imports': ['error', { paths: HTML_SINK_IMPORTS }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  ...layerRules,
  {
    // chai's property assertions (`expect(x).to.exist`) read as bare expressions.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
