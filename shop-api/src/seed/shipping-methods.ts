/**
 * The yard's delivery methods (prices in cents, VAT included; weights in grams). The delivery terms
 * page (content/pages/modalites-de-livraison.md) states the same figures: a test compares them.
 */
export interface ShippingMethodSeed {
  code: string;
  position: number;
  name: string;
  description: string;
  basePrice: number;
  includedWeightGrams?: number;
  pricePerExtraKg?: number;
  minWeightGrams?: number;
  maxWeightGrams?: number;
}

export const SHIPPING_METHODS: ShippingMethodSeed[] = [
  {
    code: 'retrait_casse',
    position: 0,
    name: 'Retrait au centre VHU',
    description:
      "Gratuit. Votre pièce vous attend à l'accueil sous 48 h ouvrées, sur présentation d'une pièce d'identité.",
    basePrice: 0,
  },
  {
    code: 'colis',
    position: 1,
    name: 'Colis à domicile',
    description: 'Livraison en 48 à 72 h ouvrées pour les pièces jusqu\u2019à 30 kg.',
    basePrice: 990,
    includedWeightGrams: 5000,
    pricePerExtraKg: 60,
    maxWeightGrams: 30000,
  },
  {
    code: 'messagerie',
    position: 2,
    name: 'Messagerie sur palette',
    description:
      'Livraison sur rendez-vous en 3 à 5 jours ouvrés pour les pièces lourdes ou volumineuses (moteurs, boîtes de vitesses).',
    basePrice: 6900,
    includedWeightGrams: 100000,
    pricePerExtraKg: 40,
    minWeightGrams: 20000,
  },
];
