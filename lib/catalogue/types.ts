/** Catalogue shapes the storefront works with (after reading the shop API). */
export interface FamilyChild {
  code: string;
  name: string;
}

/** A part family with its sub-families. */
export interface Family {
  code: string;
  name: string;
  children: FamilyChild[];
}

/** A vehicle brand, model or engine taxon. */
export interface VehicleTaxon {
  code: string;
  name: string;
  /** Brands only: logo of the content brand record, when there is one. */
  logo?: string | null;
}
