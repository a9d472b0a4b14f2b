// ESLint: typescript-eslint's strict, type-checked rules (floating promises included) and sorted imports.
// Formatting is Prettier's (npm run lint runs both, then tsc and the import-cycle check).
import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/**', 'test/clients/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', '*.js', 'scripts/*.mjs', 'test/support/*.mjs', 'test/support/*.js', 'test/browser/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // One block of imports, no blank lines: side effects, node:, packages, then this project's.
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000', '^node:', '^@?\\w', '^', '^\\.']] }],
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Numbers and booleans in messages read as they are (`${count} rows`).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Nest classes of static helpers (decorators' companions) and empty module classes are the framework's shape.
      '@typescript-eslint/no-extraneous-class': 'off',
      // `void promise` marks a promise deliberately left to run (audit batches, token touches).
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A cast of a driver's rows (`(await db.query(sql)) as TicketRow[]`) says what they are as plainly as a type argument.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // DTO and options classes are shapes here: object literals stand for them (tests, the audit query, Nest's options).
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // Values read from the two database drivers and from callers are typed as they should be, not as
      // they may arrive (a COUNT as text, a flag as 0/1): the conversions and defensive checks stay.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Methods that satisfy a Promise-returning interface without awaiting (the in-memory rate limiter).
      '@typescript-eslint/require-await': 'off',
      // Left where a field's kind guarantees the member (an enum field has its vocabulary); FieldSpec as a
      // union by kind would take them away.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests read answers as the clients do (supertest's bodies and parsed JSON are untyped), and jest's
    // asymmetric matchers (expect.any, expect.objectContaining) are typed any.
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  {
    // Code run inside the browser by page.evaluate: the DOM's types are not the server's.
    files: ['scripts/swagger-ui-check.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', module: 'writable', require: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
