import { pageTitle, titlePrefix, titleTemplate } from '@/lib/seo/title';

describe('page title rule', () => {
  it("prefixes /compte paths with 'Compte - '", () => {
    expect(pageTitle('/compte/profil', 'Profil')).toBe('Compte - Profil');
    expect(pageTitle('/compte', 'Mon compte')).toBe('Compte - Mon compte');
  });

  it("prefixes /commande paths with 'Commande - '", () => {
    expect(pageTitle('/commande/livraison', 'Livraison')).toBe('Commande - Livraison');
    expect(pageTitle('/commande/valide', 'Commande enregistré')).toBe('Commande - Commande enregistré');
  });

  it('leaves other paths alone, including look-alikes and the cart', () => {
    expect(pageTitle('/panier', 'Panier')).toBe('Panier');
    expect(pageTitle('/connexion', "Se connecter / S'inscrire")).toBe("Se connecter / S'inscrire");
    expect(titlePrefix('/comptes-rendus')).toBe('');
  });

  it('gives Next.js title templates for the prefixed segments', () => {
    expect(titleTemplate('/compte')).toBe('Compte - %s');
    expect(titleTemplate('/commande')).toBe('Commande - %s');
  });
});
