/** Demonstration whole vehicles for professionals, loaded with the demonstration catalogue. */
import type { exportVehicles } from '../db/schema.js';

type ExportVehicleSeed = Omit<typeof exportVehicles.$inferInsert, 'id' | 'state' | 'createdAt'>;

export const EXPORT_VEHICLES: ExportVehicleSeed[] = [
  {
    code: 'VE-0001', make: 'Renault', model: 'Clio IV', version: '1.5 dCi 90', year: 2016, mileage: 148_300, fuel: 'Diesel', status: 'vei',
    condition: 'Choc avant droit, airbags déclenchés, moteur et boîte de vitesses non touchés.',
    documents: ['Certificat d’immatriculation barré', 'Rapport d’expertise VEI', 'Certificat de situation administrative'], priceExclVat: 210_000,
  },
  {
    code: 'VE-0002', make: 'Peugeot', model: '308 II', version: '1.6 BlueHDi 120', year: 2015, mileage: 192_000, fuel: 'Diesel', status: 'roulant',
    condition: 'Roule, embrayage à prévoir, carrosserie rayée côté gauche. Contrôle technique à refaire.',
    documents: ['Certificat d’immatriculation', 'Certificat de situation administrative', 'Dernier contrôle technique'], priceExclVat: 390_000,
  },
  {
    code: 'VE-0003', make: 'Volkswagen', model: 'Golf VII', version: '1.6 TDI 110', year: 2014, mileage: 211_500, fuel: 'Diesel', status: 'vge',
    condition: 'Choc arrière, longerons touchés. Circulation interdite avant réparation et contrôle par un expert.',
    documents: ['Certificat d’immatriculation barré', 'Rapport d’expertise VGE'], priceExclVat: null,
  },
  {
    code: 'VE-0004', make: 'Citroën', model: 'Berlingo II', version: '1.6 HDi 90', year: 2012, mileage: 265_000, fuel: 'Diesel', status: 'vhu',
    condition: 'Véhicule hors d’usage dépollué (fluides, batterie, pneumatiques retirés), complet pour pièces.',
    documents: ['Certificat de destruction à établir par le centre VHU', 'Fiche de dépollution'], priceExclVat: 45_000,
  },
  {
    code: 'VE-0005', make: 'Toyota', model: 'Yaris II', version: '1.3 VVT-i 87', year: 2010, mileage: 98_700, fuel: 'Essence', status: 'vei',
    condition: 'Inondé jusqu’au plancher, électronique et faisceaux à contrôler.',
    documents: ['Certificat d’immatriculation barré', 'Rapport d’expertise VEI', 'Certificat de situation administrative'], priceExclVat: 280_000,
  },
  {
    code: 'VE-0006', make: 'Ford', model: 'Fiesta VI', version: '1.6 TDCi 95', year: 2013, mileage: 134_200, fuel: 'Diesel', status: 'roulant',
    condition: 'Roule, distribution faite à 120 000 km, voyant moteur allumé (vanne EGR).',
    documents: ['Certificat d’immatriculation', 'Certificat de situation administrative', 'Dernier contrôle technique'], priceExclVat: 260_000,
  },
];
