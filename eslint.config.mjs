// Lints the pages' scripts (classic browser scripts, served as they are) and their Node unit tests.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['target/', 'node_modules/'] },
  {
    files: ['crates/web/assets/*.js', 'crates/web/src/games/**/*.js', 'crates/web/tests/browser/*.js'],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'script',
      globals: { ...globals.browser, module: 'readonly' },
    },
    rules: {
      ...js.configs.recommended.rules,
      // `catch (_)` and `(_, i)` say on purpose that the value is not used.
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: 'error',
      strict: ['error', 'global'],
    },
  },
  {
    files: ['crates/web/tests/js/**/*.mjs'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
];
