import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'storybook-static/', '.test-results/', 'scratch/', 'src/locales/'] },
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
      'no-restricted-imports': ['error', { paths: [
        { name: 'lit/directives/unsafe-html.js', message: 'No HTML sinks.' },
        { name: 'lit/directives/unsafe-svg.js', message: 'No HTML sinks.' },
      ] }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // chai's property assertions (`expect(x).to.exist`) read as bare expressions.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
