/**
 * Database schema of the shop API. One schema for PGlite and PostgreSQL; SQL migrations in
 * `shop-api/migrations` are generated from it with `npm run db:generate -w shop-api`.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  varchar,
  boolean,
  timestamp,
  index,
  primaryKey,
  jsonb,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Bytes (PostgreSQL `bytea`): node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** An address as copied into an order (Sylius order addresses: the address book may change later). */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  company: string | null;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  street: string;
  city: string;
  postcode: string;
}

/** Sales channel: the shop's currency and locale (Sylius channel). */
export const channels = pgTable('channels', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: text('name').notNull(),
  baseCurrencyCode: varchar('base_currency_code', { length: 3 }).notNull(),
  defaultLocaleCode: varchar('default_locale_code', { length: 16 }).notNull(),
  /** Root taxon whose children make the menu (`GET /taxons` without parentCode). */
  menuTaxonCode: varchar('menu_taxon_code', { length: 255 }).notNull(),
});

/** Taxon tree: part families and sub-families, vehicle brands, models and engines. */
export const taxons = pgTable(
  'taxons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 255 }).notNull().unique(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('taxons_parent_position_idx').on(t.parentId, t.position)],
);

/** A part for sale. Every part is unique (one variant, stock 1). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    mainTaxonId: integer('main_taxon_id')
      .notNull()
      .references(() => taxons.id),
    enabled: boolean('enabled').notNull().default(true),
    /** Manufacturer (OEM) reference as printed on the part, and its normalised form for search. */
    oemReference: text('oem_reference'),
    oemReferenceNormalized: text('oem_reference_normalized'),
    /** Engine taxon of the vehicle the part was taken from. */
    donorEngineId: integer('donor_engine_id').references(() => taxons.id),
    donorYear: integer('donor_year'),
    donorMileageKm: integer('donor_mileage_km'),
    /** A: very good, B: good with traces of use, C: used with visible defects. */
    grade: varchar('grade', { length: 1 }).notNull(),
    warrantyMonths: integer('warranty_months').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Lower-case, accent-free name and reference, for text search. */
    searchText: text('search_text').notNull(),
    /**
     * Price of the default variant in cents, copied here so listings sort by price on one table;
     * written with the variant's price (db/parts.ts), never on its own.
     */
    price: integer('price').notNull().default(0),
    /** When the part was sold: from then on it leaves every listing, its page says sold out. */
    soldAt: timestamp('sold_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { mode: 'date' }).notNull(),
  },
  (t) => {
    // Listings only ever show parts for sale: partial indexes keep sold and disabled parts out of them.
    const listed = sql`${t.enabled} AND ${t.soldAt} IS NULL`;
    return [
      index('products_listed_taxon_created_idx').on(t.mainTaxonId, t.createdAt, t.id).where(listed),
      index('products_listed_taxon_price_idx').on(t.mainTaxonId, t.price, t.id).where(listed),
      index('products_listed_created_idx').on(t.createdAt, t.id).where(listed),
      index('products_listed_price_idx').on(t.price, t.id).where(listed),
      index('products_oem_idx').on(t.oemReferenceNormalized),
      // Trigram indexes serve LIKE '%word%' in names and references (pg_trgm, created by the migration).
      index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
      index('products_oem_trgm_idx').using('gin', t.oemReferenceNormalized.op('gin_trgm_ops')),
    ];
  },
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Prices in cents (EUR). */
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    onHand: integer('on_hand').notNull().default(1),
    /**
     * The open payment holding this part for its buyer (null: not held). A hold belongs to one payment
     * and ends with it: releasing is `held_by_payment_id = <payment>`, whatever became of the order.
     */
    heldByPaymentId: integer('held_by_payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_held_idx').on(t.heldByPaymentId),
  ],
);

/**
 * The photos the staff imported (WebP, re-encoded), by their path under /media/image/: in the database,
 * so that every shop-API instance serves them and a backup holds them (decision 0037). Stand-ins drawn
 * for seeded parts are not here: any instance draws the same one again.
 */
export const partPhotos = pgTable('part_photos', {
  /** e.g. `parts/P0000001-1-0123456789ab.webp`: named after its content, so never rewritten. */
  path: text('path').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 32 }).notNull(),
    /** Path below the media root, e.g. `parts/P0000001-1.webp`. */
    path: text('path').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Taxons a product is classified under (Sylius ProductTaxon). */
export const productTaxons = pgTable(
  'product_taxons',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taxonId: integer('taxon_id')
      .notNull()
      .references(() => taxons.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_taxons_product_idx').on(t.productId),
    index('product_taxons_taxon_idx').on(t.taxonId, t.productId),
  ],
);

/** Engines (vehicle taxons) a part fits. */
export const productCompatibilities = pgTable(
  'product_compatibilities',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    engineId: integer('engine_id')
      .notNull()
      .references(() => taxons.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.engineId] }),
    index('product_compatibilities_engine_idx').on(t.engineId, t.productId),
  ],
);

export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
});

/** Shipping methods; which apply to an order follows the parts' weight. */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** Price in cents for a shipment up to `includedWeightGrams`, plus `pricePerExtraKg` per started kg above. */
  basePrice: integer('base_price').notNull(),
  includedWeightGrams: integer('included_weight_grams').notNull().default(0),
  pricePerExtraKg: integer('price_per_extra_kg').notNull().default(0),
  /** Inclusive weight bounds of the shipment this method accepts (null: no bound). */
  minWeightGrams: integer('min_weight_grams'),
  maxWeightGrams: integer('max_weight_grams'),
});

/**
 * A customer and their shop account (Sylius keeps Customer and ShopUser apart; one account per
 * customer here, so one row). Secrets are stored as hashes only: the password (argon2id) and the
 * single-use verification and reset tokens (SHA-256, with an expiry).
 */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  /** Lower-cased, trimmed: the login and the uniqueness key. */
  email: varchar('email', { length: 255 }).notNull().unique(),
  firstName: varchar('first_name', { length: 255 }).notNull(),
  lastName: varchar('last_name', { length: 255 }).notNull(),
  phoneNumber: varchar('phone_number', { length: 255 }),
  /** u (unknown), m, f — as Sylius. */
  gender: varchar('gender', { length: 1 }).notNull().default('u'),
  birthday: timestamp('birthday', { mode: 'date' }),
  subscribedToNewsletter: boolean('subscribed_to_newsletter').notNull().default(false),
  /** individual or professional (prices excluding VAT, company details). */
  groupCode: varchar('group_code', { length: 32 }).notNull().default('individual'),
  /** Professionals only: company name and SIRET (14 digits, Luhn-checked) given at registration. */
  companyName: varchar('company_name', { length: 255 }),
  siret: varchar('siret', { length: 14 }),
  /**
   * Set when the customer deleted their account: the row stays as an empty shell (placed orders point
   * to it for accounting) with every personal field cleared and no way to sign in.
   */
  erasedAt: timestamp('erased_at', { mode: 'date' }),
  /** Last sign-in or token refresh: an account unused for 2 years is erased, after a warning (CNIL). */
  lastSeenAt: timestamp('last_seen_at', { mode: 'date' }),
  /** When the customer was told their unused account would be erased; cleared when they come back. */
  retentionWarnedAt: timestamp('retention_warned_at', { mode: 'date' }),
  defaultAddressId: integer('default_address_id'),
  passwordHash: text('password_hash').notNull(),
  verifiedAt: timestamp('verified_at', { mode: 'date' }),
  /** The link of the last verification mail: of the registration, or of the pending e-mail below. */
  verificationTokenHash: varchar('verification_token_hash', { length: 64 }).unique(),
  verificationExpiresAt: timestamp('verification_expires_at', { mode: 'date' }),
  /**
   * A new e-mail the customer asked for (with their password): it replaces `email` only when the link
   * mailed to it is followed. `pendingEmailSession` is the refresh-token family of the session that
   * asked: it stays signed in when the change ends every other session.
   */
  pendingEmail: varchar('pending_email', { length: 255 }),
  pendingEmailSession: varchar('pending_email_session', { length: 36 }),
  resetTokenHash: varchar('reset_token_hash', { length: 64 }).unique(),
  resetExpiresAt: timestamp('reset_expires_at', { mode: 'date' }),
  /**
   * When the owner last proved the mailbox (confirmed the account, reset the password, followed a new
   * e-mail's link): what was added since, someone holding only the password may have added; the limits
   * counted against the e-mail start again from it.
   */
  mailboxProvenAt: timestamp('mailbox_proven_at', { mode: 'date' }),
  /**
   * Since when `email` is the account's (a confirmed new e-mail, a recovery; null: since `verified_at`).
   * An address left gets a way back only if it held the account a week (decision 0028).
   */
  emailSince: timestamp('email_since', { mode: 'date' }),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { mode: 'date' }).notNull().defaultNow(),
});

/**
 * Registrations of an address whose account is not confirmed yet, each with its own details and link
 * (decision 0026). None replaces another: the link proves the mailbox, the password typed when it is
 * followed picks the registration that becomes the account. A stranger who registers the address
 * neither takes the owner's registration nor kills the owner's links, and never holds a link.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    /** The unconfirmed account of the address. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    subscribedToNewsletter: boolean('subscribed_to_newsletter').notNull().default(false),
    groupCode: varchar('group_code', { length: 32 }).notNull().default('individual'),
    companyName: varchar('company_name', { length: 255 }),
    siret: varchar('siret', { length: 14 }),
    /** The digest of its link, null when none was mailed (past the notices' limit). */
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('registrations_customer_idx').on(t.customerId)],
);

/**
 * The way back for an address an account left (decision 0028): when a new e-mail is confirmed, the
 * previous address is mailed a link that, for a week, gives it the account again with a new password,
 * in case the change was a thief's. One row per address left; the oldest live one wins (following it
 * removes the newer ones, never the older), so a thief who moves the account on again cannot cancel
 * the owner's.
 */
export const accountRecoveries = pgTable(
  'account_recoveries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The address the account left, which the link gives back. */
    email: varchar('email', { length: 255 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** When that address's mailbox was last proven: what was added or edited since goes to the owner's review. */
    provenSince: timestamp('proven_since', { mode: 'date' }).notNull(),
    /** Since when that address was the account's: given back with it, so it keeps its week of tenure. */
    heldSince: timestamp('held_since', { mode: 'date' }),
    /** Passwords tried on this link: past RECOVERY_GUESSES, it is spent (only its holder can try). */
    guesses: integer('guesses').notNull().default(0),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('account_recoveries_customer_idx').on(t.customerId)],
);

/**
 * The passwords an account had at each of its addresses (their argon2id hashes, never the passwords),
 * the newest few per account: a recovery link gives an address back only to whoever also knows one of
 * the passwords the account had there, so that the next reader of a mailbox its owner left (an old
 * employer's) cannot take the account back (decision 0028). Gone with the account's personal data.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The account's address while it had this password. */
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * How it was set: `mailbox` (a registration's link, a reset link, a recovery: the owner's for sure),
     * `signed-in` (changed with the current password: whoever knew it, a few a week), `move` (the same
     * password, carried to the new address).
     */
    source: varchar('source', { length: 16 }).notNull().default('mailbox'),
    setAt: timestamp('set_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_history_customer_idx').on(t.customerId, t.email)],
);

/**
 * Refresh tokens, rotated on every use. Tokens descending from one login share a family: presenting a
 * token already used means it leaked, and the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    family: varchar('family', { length: 36 }).notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { mode: 'date' }),
    revokedAt: timestamp('revoked_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_customer_idx').on(t.customerId)],
);

/** A customer's address book (Sylius Address). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 255 }),
    company: varchar('company', { length: 255 }),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    provinceCode: varchar('province_code', { length: 32 }),
    provinceName: varchar('province_name', { length: 255 }),
    street: varchar('street', { length: 255 }).notNull(),
    city: varchar('city', { length: 255 }).notNull(),
    postcode: varchar('postcode', { length: 255 }).notNull(),
    /**
     * Added since the owner last proved the mailbox, and not confirmed by them since a password reset:
     * never preselected at checkout, flagged in the address book until kept or deleted (decision 0026).
     */
    toReview: boolean('to_review').notNull().default(false),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

/**
 * Orders, from cart to fulfilled (Sylius Order). The token is the cart's only key for anonymous
 * visitors: long and random. Totals are integer cents computed by the shop API, never taken from a client.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tokenValue: varchar('token_value', { length: 64 }).notNull().unique(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    number: varchar('number', { length: 32 }).unique(),
    state: varchar('state', { length: 32 }).notNull().default('cart'),
    checkoutState: varchar('checkout_state', { length: 32 }).notNull().default('cart'),
    paymentState: varchar('payment_state', { length: 32 }).notNull().default('cart'),
    shippingState: varchar('shipping_state', { length: 32 }).notNull().default('cart'),
    currencyCode: varchar('currency_code', { length: 3 }).notNull().default('EUR'),
    localeCode: varchar('locale_code', { length: 16 }).notNull().default('fr_FR'),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    /** Address-book ids the addresses came from (the storefront keeps them with the cart). */
    billingAddressId: integer('billing_address_id'),
    shippingAddressId: integer('shipping_address_id'),
    /** Plates of the vehicles the parts are for, normalised, comma-joined (the order's `licencePlates`). */
    licencePlates: text('licence_plates'),
    itemsTotal: integer('items_total').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    total: integer('total').notNull().default(0),
    /**
     * The buyer's customer group when the payment placed the order (individual or professional): rights
     * that depend on it, such as withdrawal, follow the order, not what the profile says later.
     */
    customerGroupCode: varchar('customer_group_code', { length: 32 }),
    /** When the payment placed the order (the contract's date). */
    checkoutCompletedAt: timestamp('checkout_completed_at', { mode: 'date' }),
    /** When the staff marked it delivered or collected: the 14-day withdrawal period starts the day after. */
    fulfilledAt: timestamp('fulfilled_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.state)],
);

/**
 * A consumer's withdrawal from an order (Code de la consommation L221-18, L221-21): which parts, when,
 * and to whom the acknowledgement was mailed. Kept with the order, as proof for both sides.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Order item ids the consumer withdraws from. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    fullName: text('full_name').notNull(),
    /** Where the acknowledgement went; cleared when the customer deletes their account. */
    email: varchar('email', { length: 255 }),
    requestedAt: timestamp('requested_at', { mode: 'date' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { mode: 'date' }),
  },
  (t) => [index('withdrawals_order_idx').on(t.orderId)],
);

/** A part in an order: unique parts, so quantity is 1; name and price are copied when added. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    variantCode: varchar('variant_code', { length: 64 }).notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_variant_idx').on(t.variantId)],
);

/** How an order travels: one shipment per order, with its method and state (Sylius Shipment). */
export const shipments = pgTable('shipments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' })
    .unique(),
  methodCode: varchar('method_code', { length: 64 }).notNull(),
  state: varchar('state', { length: 32 }).notNull().default('cart'),
});

/**
 * A payment attempt of an order with a provider (sandbox page or Stripe Checkout). Its parts are held
 * until it completes, is cancelled or expires; only the provider's confirmation completes it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    /**
     * new (parts held, checkout open) → completed (the order placed) | cancelled | expired; money the
     * provider captured without placing the order (closed payment, amount or parts no longer the
     * order's) → refund_due → refunded.
     */
    state: varchar('state', { length: 16 }).notNull().default('new'),
    /** What the checkout asks: the order's total when the payment opened (the order cannot change while it is open). */
    amount: integer('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** What the provider says it captured, when it confirmed. */
    capturedAmount: integer('captured_amount'),
    capturedCurrency: varchar('captured_currency', { length: 3 }),
    /** The provider's reference of the money (Stripe's payment intent), needed to refund it. */
    providerReference: varchar('provider_reference', { length: 255 }),
    /** Why captured money is to be refunded instead of placing the order (French, for the staff). */
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { mode: 'date' }),
    /** The provider's checkout session id (ours for the sandbox). */
    sessionId: varchar('session_id', { length: 255 }).notNull().unique(),
    checkoutUrl: text('checkout_url').notNull(),
    afterSuccessUrl: text('after_success_url').notNull(),
    afterCancelUrl: text('after_cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { mode: 'date' }),
  },
  (t) => [index('payments_order_idx').on(t.orderId, t.state), index('payments_open_idx').on(t.state, t.expiresAt)],
);

/**
 * A whole vehicle the yard offers to professionals only (export, repair, reuse): no consumer
 * checkout, a quote on request. `status` says what the law lets the buyer do with it (domain
 * export-vehicles); a sold or withdrawn vehicle leaves the list.
 */
export const exportVehicles = pgTable(
  'export_vehicles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    make: varchar('make', { length: 64 }).notNull(),
    model: varchar('model', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    /** Year of first registration. */
    year: integer('year').notNull(),
    mileage: integer('mileage').notNull(),
    fuel: varchar('fuel', { length: 32 }).notNull(),
    /** roulant | vei | vge | vhu (domain export-vehicles). */
    status: varchar('status', { length: 16 }).notNull(),
    /** What is damaged or missing, as the yard's staff writes it. */
    condition: text('condition').notNull(),
    /** Papers handed over with the vehicle. */
    documents: jsonb('documents').$type<string[]>().notNull(),
    /** Asking price excluding VAT in cents; null: on quote only. */
    priceExclVat: integer('price_excl_vat'),
    /** available | sold | withdrawn. */
    state: varchar('state', { length: 16 }).notNull().default('available'),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('export_vehicles_state_idx').on(t.state, t.createdAt)],
);

/**
 * A professional's request for a quote on an export vehicle. The company and contact are copied from
 * the account when asked (the account may change later); the yard gets a mail, the customer a copy.
 */
export const exportQuoteRequests = pgTable(
  'export_quote_requests',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => exportVehicles.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyName: varchar('company_name', { length: 255 }).notNull(),
    siret: varchar('siret', { length: 14 }).notNull(),
    contactName: text('contact_name').notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 32 }).notNull(),
    destination: varchar('destination', { length: 64 }),
    message: text('message').notNull().default(''),
    requestedAt: timestamp('requested_at', { mode: 'date' }).notNull(),
    /** When the yard's mail went out; null: it failed and the request waits for a staff look. */
    notifiedAt: timestamp('notified_at', { mode: 'date' }),
  },
  (t) => [
    index('export_quote_requests_customer_idx').on(t.customerId),
    index('export_quote_requests_vehicle_idx').on(t.vehicleId),
  ],
);
