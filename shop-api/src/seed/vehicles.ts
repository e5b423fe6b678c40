/**
 * Hand-made table of vehicles commonly found in a French yard: real brands, models (with their
 * production years) and engines. Written by hand from public knowledge — no TecDoc data.
 */
interface VehicleModelSeed {
  name: string;
  years: [number, number];
  engines: string[];
}

export interface VehicleBrandSeed {
  name: string;
  /** Manufacturer reference style, used to generate plausible OEM numbers. */
  oemStyle: OemStyle;
  models: VehicleModelSeed[];
}

export type OemStyle = 'renault' | 'psa' | 'vag' | 'bmw' | 'mercedes' | 'ford' | 'opel' | 'fiat' | 'toyota' | 'korean';

export const VEHICLE_BRANDS: VehicleBrandSeed[] = [
  {
    name: 'Renault',
    oemStyle: 'renault',
    models: [
      { name: 'Clio III', years: [2005, 2012], engines: ['1.5 dCi 85', '1.2 16V 75', '1.6 16V 110'] },
      { name: 'Clio IV', years: [2012, 2019], engines: ['1.5 dCi 90', '0.9 TCe 90', '1.2 16V 75'] },
      { name: 'Mégane III', years: [2008, 2016], engines: ['1.5 dCi 110', '1.9 dCi 130', '1.6 16V 110'] },
      { name: 'Scénic III', years: [2009, 2016], engines: ['1.5 dCi 110', '1.6 dCi 130'] },
      { name: 'Kangoo II', years: [2008, 2021], engines: ['1.5 dCi 75', '1.5 dCi 90', '1.5 dCi 110'] },
    ],
  },
  {
    name: 'Peugeot',
    oemStyle: 'psa',
    models: [
      { name: '207', years: [2006, 2014], engines: ['1.4 HDi 70', '1.6 HDi 90', '1.4 VTi 95'] },
      { name: '208', years: [2012, 2019], engines: ['1.2 PureTech 82', '1.6 e-HDi 92', '1.6 BlueHDi 100'] },
      { name: '308 II', years: [2013, 2021], engines: ['1.2 PureTech 130', '1.6 BlueHDi 120', '2.0 BlueHDi 150'] },
      { name: '3008', years: [2009, 2016], engines: ['1.6 HDi 110', '2.0 HDi 150', '1.6 THP 156'] },
      { name: 'Partner II', years: [2008, 2018], engines: ['1.6 HDi 75', '1.6 HDi 90'] },
    ],
  },
  {
    name: 'Citroën',
    oemStyle: 'psa',
    models: [
      { name: 'C3 II', years: [2009, 2016], engines: ['1.4 HDi 70', '1.6 e-HDi 92', '1.2 PureTech 82'] },
      { name: 'C4 Picasso II', years: [2013, 2022], engines: ['1.6 BlueHDi 120', '2.0 BlueHDi 150'] },
      { name: 'Berlingo II', years: [2008, 2018], engines: ['1.6 HDi 75', '1.6 HDi 90', '1.6 BlueHDi 100'] },
    ],
  },
  {
    name: 'Dacia',
    oemStyle: 'renault',
    models: [
      { name: 'Sandero II', years: [2012, 2020], engines: ['1.5 dCi 90', '0.9 TCe 90', '1.0 SCe 75'] },
      { name: 'Duster', years: [2010, 2017], engines: ['1.5 dCi 110', '1.6 16V 105'] },
      { name: 'Logan MCV II', years: [2013, 2020], engines: ['1.5 dCi 90', '0.9 TCe 90'] },
    ],
  },
  {
    name: 'Volkswagen',
    oemStyle: 'vag',
    models: [
      { name: 'Golf VI', years: [2008, 2012], engines: ['1.6 TDI 105', '2.0 TDI 140', '1.4 TSI 122'] },
      { name: 'Golf VII', years: [2012, 2019], engines: ['1.6 TDI 110', '2.0 TDI 150', '1.4 TSI 125'] },
      { name: 'Polo V', years: [2009, 2017], engines: ['1.2 TDI 75', '1.6 TDI 90', '1.2 TSI 90'] },
      { name: 'Passat B7', years: [2010, 2014], engines: ['1.6 TDI 105', '2.0 TDI 140'] },
    ],
  },
  {
    name: 'Audi',
    oemStyle: 'vag',
    models: [
      { name: 'A3 (8P)', years: [2003, 2012], engines: ['1.9 TDI 105', '2.0 TDI 140', '1.6 FSI 115'] },
      { name: 'A4 (B8)', years: [2008, 2015], engines: ['2.0 TDI 143', '2.0 TFSI 211'] },
    ],
  },
  {
    name: 'BMW',
    oemStyle: 'bmw',
    models: [
      { name: 'Série 1 (E87)', years: [2004, 2011], engines: ['118d 143', '120d 163', '116i 122'] },
      { name: 'Série 3 (E90)', years: [2005, 2011], engines: ['318d 143', '320d 177', '318i 143'] },
    ],
  },
  {
    name: 'Mercedes-Benz',
    oemStyle: 'mercedes',
    models: [
      { name: 'Classe A (W169)', years: [2004, 2012], engines: ['A 160 CDI 82', 'A 180 CDI 109'] },
      { name: 'Classe C (W204)', years: [2007, 2014], engines: ['C 200 CDI 136', 'C 220 CDI 170'] },
    ],
  },
  {
    name: 'Ford',
    oemStyle: 'ford',
    models: [
      { name: 'Fiesta VI', years: [2008, 2017], engines: ['1.4 TDCi 70', '1.6 TDCi 95', '1.25 82'] },
      { name: 'Focus II', years: [2004, 2011], engines: ['1.6 TDCi 110', '1.8 TDCi 115', '1.6 Ti-VCT 115'] },
      { name: 'Focus III', years: [2011, 2018], engines: ['1.0 EcoBoost 125', '1.6 TDCi 115', '2.0 TDCi 150'] },
    ],
  },
  {
    name: 'Opel',
    oemStyle: 'opel',
    models: [
      { name: 'Corsa D', years: [2006, 2014], engines: ['1.3 CDTI 75', '1.2 80', '1.4 90'] },
      { name: 'Astra J', years: [2009, 2015], engines: ['1.7 CDTI 110', '1.4 Turbo 140', '2.0 CDTI 160'] },
    ],
  },
  {
    name: 'Fiat',
    oemStyle: 'fiat',
    models: [
      { name: 'Grande Punto', years: [2005, 2012], engines: ['1.3 Multijet 75', '1.4 77'] },
      { name: '500', years: [2007, 2020], engines: ['1.2 69', '1.3 Multijet 95', '0.9 TwinAir 85'] },
    ],
  },
  {
    name: 'Toyota',
    oemStyle: 'toyota',
    models: [
      { name: 'Yaris II', years: [2005, 2011], engines: ['1.4 D-4D 90', '1.0 VVT-i 69', '1.3 VVT-i 87'] },
      { name: 'Auris', years: [2007, 2012], engines: ['1.4 D-4D 90', '2.0 D-4D 126', '1.6 VVT-i 124'] },
    ],
  },
  {
    name: 'Nissan',
    oemStyle: 'renault',
    models: [
      { name: 'Qashqai', years: [2007, 2013], engines: ['1.5 dCi 106', '2.0 dCi 150', '1.6 16V 115'] },
      { name: 'Micra (K12)', years: [2003, 2010], engines: ['1.5 dCi 82', '1.2 80'] },
      { name: 'Juke', years: [2010, 2019], engines: ['1.5 dCi 110', '1.6 117'] },
    ],
  },
  {
    name: 'Seat',
    oemStyle: 'vag',
    models: [
      { name: 'Ibiza IV', years: [2008, 2017], engines: ['1.6 TDI 90', '1.2 TSI 105', '1.4 16V 85'] },
      { name: 'Leon II', years: [2005, 2012], engines: ['1.9 TDI 105', '2.0 TDI 140'] },
    ],
  },
  {
    name: 'Skoda',
    oemStyle: 'vag',
    models: [
      { name: 'Octavia II', years: [2004, 2013], engines: ['1.9 TDI 105', '2.0 TDI 140', '1.6 MPI 102'] },
      { name: 'Fabia II', years: [2007, 2014], engines: ['1.4 TDI 80', '1.2 HTP 70', '1.6 TDI 90'] },
    ],
  },
  {
    name: 'Kia',
    oemStyle: 'korean',
    models: [
      { name: "Cee'd", years: [2006, 2012], engines: ['1.6 CRDi 115', '1.4 CVVT 105'] },
      { name: 'Sportage III', years: [2010, 2015], engines: ['1.7 CRDi 115', '2.0 CRDi 136'] },
    ],
  },
  {
    name: 'Hyundai',
    oemStyle: 'korean',
    models: [
      { name: 'i20', years: [2008, 2014], engines: ['1.4 CRDi 90', '1.2 78'] },
      { name: 'Tucson', years: [2004, 2010], engines: ['2.0 CRDi 140', '2.0 CRDi 113'] },
    ],
  },
];
