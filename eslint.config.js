/**
 * Lint for the whole tree: typescript-eslint's type-checked recommendations, the React hooks rules
 * for the client, and the import directions of docs/decisions/001-layout.md:
 * client → shared (server only as types), server → shared, services below the transports.
 *
 * ESLint does not merge the options of one rule across config blocks (the last block wins), so
 * each folder gets ONE `no-restricted-imports` entry built from the pattern lists below.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Comments point to what the repository holds (an ADR, a section of docs/product/), never to a
 * tracker it does not: an issue number tells a newcomer nothing (docs/decisions/001-layout.md).
 */
const trackerReferences = {
  meta: {
    type: 'suggestion',
    messages: {
      tracker:
        'Cite the ADR or the docs/ section instead of "{{ref}}": the tracker is not in the repository.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const match = /\bissues? #?\d+/i.exec(comment.value);
          if (match) context.report({ loc: comment.loc, messageId: 'tracker', data: { ref: match[0] } });
        }
      },
    };
  },
};
const local = { rules: { 'no-tracker-references': trackerReferences } };

// Relative paths only climb to src/ and back down, so anchoring on leading `../` segments finds
// "the other side" without also matching names like db/client.ts or @trpc/server.
const serverModules = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'O cliente só importa tipos do servidor (import type { AppRouter }).',
  allowTypeImports: true,
};
const clientModulesFromServer = {
  regex: '^(\\.\\./)+client(/|$)',
  message: 'O servidor não importa código do cliente; o que é comum vai para src/shared.',
};
const nodeModules = {
  group: ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))],
  message: 'Código que roda no navegador não usa módulos do Node.',
};
const sharedEscapes = {
  regex: '^(\\.\\./)+(server|client)(/|$)',
  message: 'src/shared não depende do servidor nem do cliente.',
};
const transportMessage =
  'Serviços não conhecem o transporte (Fastify, tRPC, REST): recebem dados e lançam AppError.';
const transportPackages = {
  group: ['fastify', 'fastify/**', '@fastify/*', '@trpc/*'],
  message: transportMessage,
};
// Operations are tRPC procedures (src/server/operations/procedure.ts): they may use @trpc/server,
// never Fastify.
const httpPackages = { group: ['fastify', 'fastify/**', '@fastify/*'], message: transportMessage };
const transportModules = { regex: '^(\\.\\./)+(server/)?(trpc|rest|http)(/|$)', message: transportMessage };

// The domains of docs/decisions/001-layout.md: each holds its operations, services, providers and
// tables. The layers of docs/decisions/011-operations.md hold between and inside them: transports
// (http, trpc, rest) reach the business rules only through operations; operations only through
// services; providers know nothing above them.
const domains =
  'identity|membership|payments|invoices|referrals|messaging|settings|drive|reports|privacy|public-site|system';
const domainGlob = `src/server/{${domains.replaceAll('|', ',')}}`;
const providerModules = {
  regex: '(^|/)providers(/|$)',
  message: 'Transportes não usam provedores: passam por uma operação e pelos serviços.',
};
const providerTypesOnly = { ...providerModules, allowTypeImports: true };
const providerMessage = 'Provedores não conhecem os serviços: os serviços chamam os provedores.';
// From `<domain>/providers/x.ts` (depth 1) or `<domain>/providers/<name>/x.ts` (depth 2): climbing
// to the domain's own folder, or into another domain, reaches services.
const servicesFromProviders = (depth) => [
  { regex: `^(\\.\\./){${depth}}[^./]`, message: providerMessage },
  { regex: `^(\\.\\./){${depth + 1}}(${domains})(/|$)`, message: providerMessage },
];
const servicesFromTransport = {
  regex: `^(\\.\\./)+(server/)?((${domains})/(?!operations(/|$)|request-auth$)|(${domains})$|services$)`,
  message: 'tRPC e REST não chamam serviços: cada chamada é uma operação (a pasta operations do domínio).',
  allowTypeImports: true,
};
const operationsFromServices = {
  regex: '(^|/)operations(/|$)',
  message: 'Serviços não chamam operações: as operações chamam os serviços.',
};
const httpInternalsFromRest = {
  regex: '^(\\.\\./)+(server/)?http(/|$)',
  message: 'O adaptador REST não depende dos internos HTTP: recebe o que precisa de app.ts.',
};

// Why a RETURNING write may not end in `.get()` outside a transaction (the rule below).
const writeReturningMessage =
  'Gravação com RETURNING e .get() fora de uma transação: se o COMMIT falhar (disco cheio), a linha volta sem estar gravada. Use db.transaction(...) ou .all().';

const restrictImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

export default defineConfig([
  globalIgnores([
    'dist/',
    'release/',
    'node_modules/',
    'drizzle/',
    'test-results/',
    'playwright-report/',
    'data/',
    '.tanstack/',
    'bench/.tmp/',
    'src/client/routeTree.gen.ts',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify handlers and tRPC resolvers are often async without awaiting: that is their contract.
      '@typescript-eslint/require-await': 'off',
      // Route handlers hand promises to Fastify / React event props; keep the check for real statements.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      // TanStack Router's guards throw `redirect()` / `notFound()` by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
        },
      ],
      // A `default:` counts as handling the rest; without one, every member of a union must be covered.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'local/no-tracker-references': 'error',
    },
  },
  {
    // Plain JavaScript (this file) is not part of the TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS on purpose: the Node version check must load on any Node (scripts/check-node.cjs).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    // The service worker runs in the worker scope, not a window's.
    files: ['src/client/service-worker/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: restrictImports(serverModules, nodeModules),
  },
  {
    // Client unit tests run under vitest in Node: they may read files, never import the server.
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: restrictImports(serverModules),
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(sharedEscapes, nodeModules),
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: restrictImports(clientModulesFromServer),
  },
  {
    // Tests of a service may build the whole app; the rule is about the service modules themselves.
    files: [`${domainGlob}/**/*.ts`],
    ignores: [
      '**/*.test.ts',
      'src/server/*/operations/**',
      'src/server/*/operations.ts',
      'src/server/*/providers/**',
    ],
    rules: restrictImports(
      clientModulesFromServer,
      transportPackages,
      transportModules,
      operationsFromServices,
    ),
  },
  {
    files: ['src/server/*/providers/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(clientModulesFromServer, transportModules, ...servicesFromProviders(1)),
  },
  {
    files: ['src/server/*/providers/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(clientModulesFromServer, transportModules, ...servicesFromProviders(2)),
  },
  {
    files: ['src/server/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(clientModulesFromServer, providerModules),
  },
  {
    files: ['src/server/trpc/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(clientModulesFromServer, providerModules, servicesFromTransport),
  },
  {
    files: ['src/server/rest/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(
      clientModulesFromServer,
      providerModules,
      servicesFromTransport,
      httpInternalsFromRest,
    ),
  },
  {
    files: ['src/server/operations/**/*.ts', 'src/server/*/operations/**/*.ts', 'src/server/*/operations.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(clientModulesFromServer, providerTypesOnly, httpPackages, transportModules),
  },
  {
    // A write that returns a row is either inside a transaction, whose COMMIT reports a failed
    // write, or run by a call that steps to the end (`.all()`, `.run()`): outside a transaction
    // SQLite commits when better-sqlite3 resets the statement, and `.get()` ignores what the reset
    // reports (a full disk), handing back a row that was never written (ADR 013, "Writes that are on disk").
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='get'][callee.object.type='CallExpression'][callee.object.callee.property.name='returning']:not(CallExpression[callee.property.name='transaction'] *)",
          message: writeReturningMessage,
        },
        {
          selector:
            "CallExpression[callee.property.name='prepare'][callee.object.type='CallExpression'][callee.object.callee.property.name='returning']:not(CallExpression[callee.name='returningWrite'] > *)",
          message: `${writeReturningMessage} Uma instrução preparada não sabe se roda numa transação: use returningWrite(...) (src/server/db/returning-write.ts).`,
        },
        {
          selector:
            "CallExpression[callee.property.name='prepare'] > :matches(Literal[value=/\\breturning\\b/i], TemplateLiteral:has(TemplateElement[value.raw=/\\breturning\\b/i]))",
          message: `${writeReturningMessage} Uma instrução preparada não sabe se roda numa transação: prepare pelo drizzle e use returningWrite(...).`,
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read untyped JSON answers (`res.json()`) on purpose: they assert the wire format.
    files: ['**/*.test.ts', 'tests/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Test helpers are destructured (`const { request } = await createTestApp()`); they are arrow functions.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Playwright reads a fixture's first parameter as a pattern: `async ({}, use) => …` is its idiom.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
]);
