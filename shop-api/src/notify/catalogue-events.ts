/**
 * The one "catalogue changed" announcement (ARCHITECTURE.md, "Events"; decision 0011). Every change to
 * parts reaches it after its transaction committed, through `catalogueTransaction` (db/stock.ts): it
 * forgets this process's listing totals when what a listing counts changed, and hands the change to the
 * listeners of that database (the app's storefront notifier).
 */
import type { Db } from '../db/client.js';
import type { CatalogueEvent } from '../domain/catalogue-events.js';
import { forgetListingTotals } from '../db/products.js';

/** One event and the codes of the parts it concerns (a part's variant has the part's code). */
export interface CatalogueChange {
  event: CatalogueEvent;
  codes: string[];
}

type Listener = (change: CatalogueChange) => void;

/** Listeners by database: a change made through one database handle is heard by the apps built on it. */
const listeners = new WeakMap<Db, Set<Listener>>();

/** Listens to the changes made through `db`; returns the function that stops listening. */
export function onCatalogueChange(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Holds change what a card says, not which parts a listing counts. */
const changesListings = (event: CatalogueEvent) => event !== 'held' && event !== 'released';

/** Announces a committed change to parts. Call it through `catalogueTransaction`, never inside a transaction. */
export function announceCatalogueChange(db: Db, change: CatalogueChange): void {
  if (change.codes.length === 0) return;
  if (changesListings(change.event)) forgetListingTotals(db);
  for (const listener of listeners.get(db) ?? []) listener(change);
}
