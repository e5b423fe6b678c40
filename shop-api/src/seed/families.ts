/**
 * Part families (taxons `family_<family>`) and sub-families (`family_<family>_<sub>`) as a French yard
 * sorts its stock. Each sub-family describes the parts it holds: names, weight and price ranges, and
 * whether a part fits only the donor's engine or every engine of the donor's model.
 */
interface PartTemplate {
  /** French part names; one is picked per part. */
  names: string[];
  /** Weight in kilograms, min and max. */
  weightKg: [number, number];
  /** Price in euros, min and max. */
  priceEur: [number, number];
  /** true: fits the donor's engine only (mechanical parts); false: fits every engine of the model. */
  engineSpecific: boolean;
  /** Relative share of the yard's stock. */
  share: number;
}

export interface SubFamilySeed extends PartTemplate {
  slug: string;
  name: string;
}

export interface FamilySeed {
  slug: string;
  name: string;
  description: string;
  children: SubFamilySeed[];
}

const sub = (slug: string, name: string, t: PartTemplate): SubFamilySeed => ({ slug, name, ...t });

export const FAMILIES: FamilySeed[] = [
  {
    slug: 'moteur',
    name: 'Moteur',
    description: "Moteurs d'occasion complets et pièces de moteur contrôlés, démontés de véhicules hors d'usage.",
    children: [
      sub('moteur-complet', 'Moteur complet', {
        names: ['Moteur complet', 'Moteur nu'],
        weightKg: [95, 190],
        priceEur: [450, 2400],
        engineSpecific: true,
        share: 5,
      }),
      sub('culasse', 'Culasse', {
        names: ['Culasse', 'Culasse complète'],
        weightKg: [12, 28],
        priceEur: [150, 650],
        engineSpecific: true,
        share: 2,
      }),
      sub('turbo', 'Turbo', {
        names: ['Turbocompresseur'],
        weightKg: [6, 12],
        priceEur: [180, 700],
        engineSpecific: true,
        share: 3,
      }),
      sub('injecteur', 'Injecteur', {
        names: ['Injecteur', 'Injecteur diesel'],
        weightKg: [0.3, 0.8],
        priceEur: [40, 190],
        engineSpecific: true,
        share: 3,
      }),
      sub('vanne-egr', 'Vanne EGR', {
        names: ['Vanne EGR'],
        weightKg: [0.8, 2],
        priceEur: [45, 180],
        engineSpecific: true,
        share: 2,
      }),
    ],
  },
  {
    slug: 'bv-pont-transmission',
    name: 'Boîte de vitesses, pont, transmission',
    description: "Boîtes de vitesses manuelles et automatiques, cardans et embrayages d'occasion.",
    children: [
      sub('boite-de-vitesse', 'Boîte de vitesses', {
        names: [
          'Boîte de vitesses manuelle 5 rapports',
          'Boîte de vitesses manuelle 6 rapports',
          'Boîte de vitesses automatique',
        ],
        weightKg: [32, 85],
        priceEur: [290, 1600],
        engineSpecific: true,
        share: 5,
      }),
      sub('cardan', 'Cardan', {
        names: ['Cardan avant gauche', 'Cardan avant droit'],
        weightKg: [5, 11],
        priceEur: [45, 180],
        engineSpecific: true,
        share: 3,
      }),
      sub('embrayage', 'Embrayage', {
        names: ['Kit embrayage', 'Volant moteur bimasse', "Émetteur d'embrayage"],
        weightKg: [1, 14],
        priceEur: [40, 350],
        engineSpecific: true,
        share: 2,
      }),
      sub('pont', 'Pont arrière', {
        names: ['Pont arrière', 'Essieu arrière'],
        weightKg: [30, 70],
        priceEur: [150, 600],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'carrosserie',
    name: 'Carrosserie',
    description: "Portes, capots, pare-chocs, ailes et hayons d'occasion, souvent dans la teinte d'origine.",
    children: [
      sub('porte', 'Porte', {
        names: ['Porte avant gauche', 'Porte avant droite', 'Porte arrière gauche', 'Porte arrière droite'],
        weightKg: [14, 28],
        priceEur: [90, 420],
        engineSpecific: false,
        share: 6,
      }),
      sub('capot', 'Capot', {
        names: ['Capot moteur'],
        weightKg: [9, 20],
        priceEur: [80, 350],
        engineSpecific: false,
        share: 3,
      }),
      sub('pare-chocs', 'Pare-chocs', {
        names: ['Pare-chocs avant', 'Pare-chocs arrière'],
        weightKg: [3, 9],
        priceEur: [60, 320],
        engineSpecific: false,
        share: 5,
      }),
      sub('aile', 'Aile', {
        names: ['Aile avant gauche', 'Aile avant droite'],
        weightKg: [2, 5],
        priceEur: [40, 190],
        engineSpecific: false,
        share: 3,
      }),
      sub('hayon', 'Hayon', {
        names: ['Hayon', 'Malle arrière'],
        weightKg: [15, 32],
        priceEur: [120, 480],
        engineSpecific: false,
        share: 2,
      }),
      sub('retroviseur', 'Rétroviseur', {
        names: ['Rétroviseur extérieur gauche', 'Rétroviseur extérieur droit'],
        weightKg: [0.8, 2.5],
        priceEur: [30, 160],
        engineSpecific: false,
        share: 4,
      }),
    ],
  },
  {
    slug: 'eclairage',
    name: 'Éclairage',
    description: "Phares, feux arrière et antibrouillards d'occasion testés avant expédition.",
    children: [
      sub('phare', 'Phare avant', {
        names: ['Phare avant gauche', 'Phare avant droit', 'Phare xénon avant gauche', 'Phare xénon avant droit'],
        weightKg: [2, 5],
        priceEur: [50, 450],
        engineSpecific: false,
        share: 6,
      }),
      sub('feu-arriere', 'Feu arrière', {
        names: ['Feu arrière gauche', 'Feu arrière droit'],
        weightKg: [0.6, 2],
        priceEur: [25, 140],
        engineSpecific: false,
        share: 4,
      }),
      sub('antibrouillard', 'Antibrouillard', {
        names: ['Antibrouillard avant gauche', 'Antibrouillard avant droit'],
        weightKg: [0.4, 1],
        priceEur: [20, 80],
        engineSpecific: false,
        share: 2,
      }),
    ],
  },
  {
    slug: 'freinage',
    name: 'Freinage',
    description: "Étriers, maîtres-cylindres et blocs ABS d'occasion.",
    children: [
      sub('etrier', 'Étrier de frein', {
        names: [
          'Étrier de frein avant gauche',
          'Étrier de frein avant droit',
          'Étrier de frein arrière gauche',
          'Étrier de frein arrière droit',
        ],
        weightKg: [2, 6],
        priceEur: [30, 140],
        engineSpecific: false,
        share: 3,
      }),
      sub('bloc-abs', 'Bloc ABS', {
        names: ['Bloc ABS', 'Groupe hydraulique ABS'],
        weightKg: [1.5, 4],
        priceEur: [80, 450],
        engineSpecific: false,
        share: 2,
      }),
      sub('maitre-cylindre', 'Maître-cylindre', {
        names: ['Maître-cylindre de frein', 'Servofrein'],
        weightKg: [1, 6],
        priceEur: [35, 160],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'direction-suspension',
    name: 'Direction, suspension',
    description: "Crémaillères, amortisseurs, triangles et pompes de direction d'occasion.",
    children: [
      sub('cremaillere', 'Crémaillère', {
        names: ['Crémaillère de direction', 'Crémaillère de direction assistée'],
        weightKg: [8, 16],
        priceEur: [90, 420],
        engineSpecific: false,
        share: 2,
      }),
      sub('amortisseur', 'Amortisseur', {
        names: ['Amortisseur avant gauche', 'Amortisseur avant droit', 'Amortisseur arrière'],
        weightKg: [2, 5],
        priceEur: [30, 120],
        engineSpecific: false,
        share: 3,
      }),
      sub('triangle', 'Triangle de suspension', {
        names: ['Triangle avant gauche', 'Triangle avant droit'],
        weightKg: [2, 5],
        priceEur: [30, 110],
        engineSpecific: false,
        share: 2,
      }),
      sub('colonne-direction', 'Colonne de direction', {
        names: ['Colonne de direction', 'Colonne de direction électrique'],
        weightKg: [4, 9],
        priceEur: [70, 380],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'electricite',
    name: 'Électricité',
    description: "Alternateurs, démarreurs, calculateurs et faisceaux d'occasion.",
    children: [
      sub('alternateur', 'Alternateur', {
        names: ['Alternateur'],
        weightKg: [4, 8],
        priceEur: [60, 260],
        engineSpecific: true,
        share: 4,
      }),
      sub('demarreur', 'Démarreur', {
        names: ['Démarreur'],
        weightKg: [3, 6],
        priceEur: [50, 220],
        engineSpecific: true,
        share: 3,
      }),
      sub('calculateur', 'Calculateur', {
        names: ['Calculateur moteur', 'Boîtier BSI', "Calculateur d'airbag"],
        weightKg: [0.4, 1.5],
        priceEur: [60, 480],
        engineSpecific: true,
        share: 3,
      }),
      sub('leve-vitre', 'Lève-vitre', {
        names: ['Lève-vitre électrique avant gauche', 'Lève-vitre électrique avant droit'],
        weightKg: [1, 3],
        priceEur: [30, 120],
        engineSpecific: false,
        share: 2,
      }),
    ],
  },
  {
    slug: 'refroidissement',
    name: 'Refroidissement',
    description: "Radiateurs, motoventilateurs et pompes à eau d'occasion.",
    children: [
      sub('radiateur', 'Radiateur moteur', {
        names: ['Radiateur de refroidissement'],
        weightKg: [3, 8],
        priceEur: [40, 180],
        engineSpecific: true,
        share: 3,
      }),
      sub('motoventilateur', 'Motoventilateur', {
        names: ['Motoventilateur', 'Groupe motoventilateur'],
        weightKg: [3, 7],
        priceEur: [50, 220],
        engineSpecific: true,
        share: 2,
      }),
      sub('pompe-a-eau', 'Pompe à eau', {
        names: ['Pompe à eau'],
        weightKg: [1, 3],
        priceEur: [25, 90],
        engineSpecific: true,
        share: 1,
      }),
    ],
  },
  {
    slug: 'climatisation-chauffage',
    name: 'Climatisation, chauffage',
    description: "Compresseurs, condenseurs et pièces de chauffage d'occasion.",
    children: [
      sub('compresseur-clim', 'Compresseur de climatisation', {
        names: ['Compresseur de climatisation'],
        weightKg: [5, 9],
        priceEur: [90, 380],
        engineSpecific: true,
        share: 3,
      }),
      sub('condenseur', 'Condenseur', {
        names: ['Condenseur de climatisation'],
        weightKg: [2, 5],
        priceEur: [40, 160],
        engineSpecific: false,
        share: 1,
      }),
      sub('commande-chauffage', 'Commande de chauffage', {
        names: ['Commande de chauffage', 'Commande de climatisation automatique'],
        weightKg: [0.3, 1],
        priceEur: [25, 140],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'echappement',
    name: 'Échappement',
    description: "Catalyseurs, filtres à particules et silencieux d'occasion.",
    children: [
      sub('catalyseur', 'Catalyseur', {
        names: ['Catalyseur'],
        weightKg: [3, 8],
        priceEur: [90, 450],
        engineSpecific: true,
        share: 2,
      }),
      sub('fap', 'Filtre à particules', {
        names: ['Filtre à particules (FAP)'],
        weightKg: [5, 12],
        priceEur: [150, 650],
        engineSpecific: true,
        share: 1,
      }),
      sub('silencieux', 'Silencieux', {
        names: ['Silencieux arrière', 'Silencieux intermédiaire'],
        weightKg: [4, 12],
        priceEur: [40, 180],
        engineSpecific: true,
        share: 1,
      }),
    ],
  },
  {
    slug: 'habitacle',
    name: 'Habitacle',
    description: "Sièges, tableaux de bord, compteurs et autoradios d'occasion.",
    children: [
      sub('siege', 'Siège', {
        names: ['Siège avant conducteur', 'Siège avant passager', 'Banquette arrière'],
        weightKg: [12, 30],
        priceEur: [60, 350],
        engineSpecific: false,
        share: 2,
      }),
      sub('compteur', 'Compteur', {
        names: ['Compteur de vitesse', "Combiné d'instruments"],
        weightKg: [0.8, 2],
        priceEur: [40, 220],
        engineSpecific: true,
        share: 2,
      }),
      sub('autoradio', 'Autoradio', {
        names: ["Autoradio d'origine", "Écran GPS d'origine"],
        weightKg: [0.8, 2.5],
        priceEur: [40, 300],
        engineSpecific: false,
        share: 1,
      }),
      sub('volant', 'Volant', {
        names: ['Volant cuir', 'Volant multifonction'],
        weightKg: [1.5, 3],
        priceEur: [40, 200],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'vitrage',
    name: 'Vitrage',
    description: "Vitres de porte, lunettes arrière et custodes d'occasion.",
    children: [
      sub('vitre-porte', 'Vitre de porte', {
        names: ['Vitre de porte avant gauche', 'Vitre de porte avant droite', 'Vitre de porte arrière gauche'],
        weightKg: [2, 5],
        priceEur: [25, 110],
        engineSpecific: false,
        share: 2,
      }),
      sub('lunette-arriere', 'Lunette arrière', {
        names: ['Lunette arrière chauffante'],
        weightKg: [5, 10],
        priceEur: [50, 200],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'jantes-pneus',
    name: 'Jantes, pneus',
    description: "Jantes aluminium et tôle, roues de secours d'occasion.",
    children: [
      sub('jante-alu', 'Jante aluminium', {
        names: ['Jante aluminium 15 pouces', 'Jante aluminium 16 pouces', 'Jante aluminium 17 pouces'],
        weightKg: [7, 12],
        priceEur: [45, 190],
        engineSpecific: false,
        share: 3,
      }),
      sub('jante-tole', 'Jante tôle', {
        names: ['Jante tôle 15 pouces', 'Roue de secours'],
        weightKg: [8, 14],
        priceEur: [20, 70],
        engineSpecific: false,
        share: 1,
      }),
    ],
  },
  {
    slug: 'alimentation-carburant',
    name: 'Alimentation, carburant',
    description: "Pompes à injection, réservoirs et débitmètres d'occasion.",
    children: [
      sub('pompe-injection', 'Pompe à injection', {
        names: ['Pompe à injection haute pression'],
        weightKg: [3, 7],
        priceEur: [120, 600],
        engineSpecific: true,
        share: 2,
      }),
      sub('reservoir', 'Réservoir', {
        names: ['Réservoir de carburant'],
        weightKg: [6, 14],
        priceEur: [50, 220],
        engineSpecific: false,
        share: 1,
      }),
      sub('debitmetre', "Débitmètre d'air", {
        names: ["Débitmètre d'air"],
        weightKg: [0.2, 0.6],
        priceEur: [30, 120],
        engineSpecific: true,
        share: 1,
      }),
    ],
  },
];
