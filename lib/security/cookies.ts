/**
 * Every cookie the shop sets, each strictly necessary to a service the visitor asked for (signing in,
 * keeping a cart): exempt from consent (loi Informatique et Libertés art. 82; CNIL guidelines). The
 * privacy policy (content/pages/politique-de-confidentialite.md) says what each one is for, and a test
 * checks that it names each of these and that the browser never gets any other. A new cookie that
 * is not strictly necessary needs a consent step first.
 */
export const STRICTLY_NECESSARY_COOKIE_NAMES: readonly string[] = [
  'shop_token',
  'shop_refresh_token',
  'shop_customer',
  'shop_customer_group',
  'shop_cart_token',
  'shop_shipping_choice',
  'shop_previous_cart_token',
  'shop_merge_left',
  'shop_device',
];
