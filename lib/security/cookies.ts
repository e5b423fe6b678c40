/**
 * Every cookie the shop sets, each strictly necessary to a service the visitor asked for (signing in,
 * keeping a cart): exempt from consent (loi Informatique et Libertés art. 82; CNIL guidelines). The
 * privacy policy lists them; a test checks that the browser never gets any other. A new cookie that
 * is not strictly necessary needs a consent step first.
 */
const STRICTLY_NECESSARY_COOKIES = [
  { name: 'shop_token', purpose: 'jeton de connexion à votre compte (1 heure, renouvelé)' },
  { name: 'shop_refresh_token', purpose: 'maintien de la connexion (30 jours)' },
  { name: 'shop_customer', purpose: 'numéro de votre compte, pour afficher vos informations (30 jours)' },
  {
    name: 'shop_customer_group',
    purpose:
      'type de compte, particulier ou professionnel, pour afficher les prix hors taxes aux professionnels (30 jours)',
  },
  { name: 'shop_cart_token', purpose: 'votre panier (30 jours)' },
  {
    name: 'shop_shipping_choice',
    purpose: 'le mode de livraison choisi pour votre panier, pour ne jamais vous faire payer un autre mode (30 jours)',
  },
  { name: 'shop_previous_cart_token', purpose: 'votre dernière commande, pour afficher sa confirmation (30 jours)' },
  {
    name: 'shop_merge_left',
    purpose:
      'le panier où sont restées les pièces qui n’ont pas pu rejoindre celui de votre compte à la connexion, pour vous les nommer (15 minutes)',
  },
  {
    name: 'shop_device',
    purpose:
      'reconnaître ce navigateur, où vous vous êtes déjà connecté, pour que les essais d’un inconnu sur votre mot de passe ne vous empêchent pas de vous y connecter ; gardé après la déconnexion (13 mois au plus)',
  },
] as const;

export const STRICTLY_NECESSARY_COOKIE_NAMES: readonly string[] = STRICTLY_NECESSARY_COOKIES.map(
  (cookie) => cookie.name,
);
