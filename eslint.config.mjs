// One lint setup for the storefront, the shop API, the tests and the scripts.
// Next's rules (core web vitals, React hooks, accessibility of JSX) plus typescript-eslint's recommended ones;
// eslint-config-prettier last, so formatting is Prettier's alone.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';

/**
 * What a route may call from db/, by module: reads only (decision 0030). A write goes through a use case
 * (`src/use-cases/`), which a job, a command-line tool or the staff screens can call too; a db module holds
 * an aggregate's reads and writes together, so the rule lists names, and dependency-cruiser (which sees
 * modules, not names) leaves it to ESLint. A module absent here offers a route only its types.
 */
const ROUTE_DB_READS = {
  channels: ['findChannel'],
  countries: ['enabledCountryCodes', 'findEnabledCountry'],
  customers: ['findAddress', 'findCustomer', 'findCustomerByEmail', 'listAddresses'],
  'export-vehicles': [
    'findAvailableExportVehicle',
    'listAvailableExportVehicles',
    'listCustomerQuoteRequests',
    'listExportVehiclesWithRequests',
  ],
  orders: [
    'findOrder',
    'findOrderRow',
    'findPlacedOrder',
    'findShippingMethod',
    'findVariantStock',
    'latestCartOf',
    'listCustomerOrders',
    'listPlacedOrders',
    'listShippingMethods',
    'orderWeight',
  ],
  payments: ['orderPayments'],
  'personal-data': ['customerAddresses', 'customerOrders', 'customerPreviousEmails'],
  products: [
    'findImage',
    'findImageSubject',
    'findProductByCode',
    'findProductTaxon',
    'findVariantByCode',
    'listProductIndex',
    'listProducts',
  ],
  taxons: ['descendantIds', 'findTaxon', 'listTaxonChildren', 'taxonIdsByCodes'],
};
const ROUTE_WRITES_MESSAGE =
  'route-writes-through-use-case: a route reads from db/ (the reads it may call are listed in ' +
  'eslint.config.mjs) and leaves writes to a use case in src/use-cases/ (decision 0030).';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // `_name` marks what is left out on purpose, and `{ secret, ...rest }` drops fields from an object.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // route-writes-through-use-case (see ROUTE_DB_READS). The test-only routes (test-database.ts) prepare
    // data for the end-to-end suites and are exempt, as tests are.
    files: ['shop-api/src/routes/**/*.ts'],
    ignores: ['shop-api/src/routes/test-database.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...Object.entries(ROUTE_DB_READS).map(([module, reads]) => ({
              regex: `/db/${module}\\.js$`,
              allowImportNames: reads,
              allowTypeImports: true,
              message: ROUTE_WRITES_MESSAGE,
            })),
            {
              regex: `/db/(?!(${Object.keys(ROUTE_DB_READS).join('|')})\\.js$)`,
              allowTypeImports: true,
              message: ROUTE_WRITES_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    '.next*/**',
    '.content-collections/**',
    'var/**',
    'var-cluster*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'shop-api/migrations/**',
  ]),
]);
