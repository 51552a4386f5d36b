import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import cycles from './scripts/eslint/no-import-cycle.mjs';
import layers from './scripts/eslint/layers.mjs';

const local = { rules: { ...cycles.rules, ...layers.rules } };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'packages/**', 'screenshots/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { local },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        globalThis: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      'local/no-import-cycle': 'error',
      // The folder picture of docs/architecture.md; files outside src/ are left alone.
      'local/layers': 'error',
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Feed and calendar cleaning strips control characters on purpose.
      'no-control-regex': 'off',
      'no-duplicate-imports': 'off',
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // Tests read manifests and protocol replies as loose JSON.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
