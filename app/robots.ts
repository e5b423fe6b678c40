import type { MetadataRoute } from 'next';
import { storefrontConfig } from '@/lib/config/server';

/**
 * Crawlers: the catalogue and content, never the cart, account, checkout, search results, sorted or
 * filtered listings, or the storefront's API.
 */
export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = storefrontConfig();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: [
        '/panier',
        '/commande',
        '/compte',
        '/connexion',
        '/verification',
        '/mot-de-passe-oublie',
        '/recuperation',
        '/recherche',
        '/api/',
        '/*?*tri=',
        '/essai-erreur',
      ],
    },
    sitemap: `${siteUrl}/sitemap.xml`,
    host: siteUrl,
  };
}
