/** Export vehicles and their quote requests. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import type { ExportVehicleFields } from '../domain/export-vehicles.js';
import { exportQuoteRequests, exportVehicles } from './schema.js';

export type ExportVehicleRow = typeof exportVehicles.$inferSelect;
export type ExportQuoteRequestRow = typeof exportQuoteRequests.$inferSelect;

/** Vehicles still offered, newest first (a yard offers tens, not thousands). */
export function listAvailableExportVehicles(db: Db): Promise<ExportVehicleRow[]> {
  return db
    .select()
    .from(exportVehicles)
    .where(eq(exportVehicles.state, 'available'))
    .orderBy(desc(exportVehicles.createdAt), desc(exportVehicles.id));
}

export async function findAvailableExportVehicle(db: Db, code: string): Promise<ExportVehicleRow | null> {
  const [row] = await db
    .select()
    .from(exportVehicles)
    .where(and(eq(exportVehicles.code, code), eq(exportVehicles.state, 'available')));
  return row ?? null;
}

export async function recordQuoteRequest(
  db: Db,
  fields: typeof exportQuoteRequests.$inferInsert,
): Promise<ExportQuoteRequestRow> {
  const [row] = await db.insert(exportQuoteRequests).values(fields).returning();
  return row!;
}

export async function markQuoteRequestNotified(db: Db, id: number, at: Date): Promise<void> {
  await db.update(exportQuoteRequests).set({ notifiedAt: at }).where(eq(exportQuoteRequests.id, id));
}

/** A customer's requests with the vehicle asked about (their personal data, and their account page). */
export function listCustomerQuoteRequests(db: Db, customerId: number) {
  return db
    .select({
      request: exportQuoteRequests,
      vehicle: {
        code: exportVehicles.code,
        make: exportVehicles.make,
        model: exportVehicles.model,
        version: exportVehicles.version,
      },
    })
    .from(exportQuoteRequests)
    .innerJoin(exportVehicles, eq(exportVehicles.id, exportQuoteRequests.vehicleId))
    .where(eq(exportQuoteRequests.customerId, customerId))
    .orderBy(desc(exportQuoteRequests.requestedAt));
}

/** Creates the vehicle, or changes it; nothing is written when the line matches it (re-importing is safe). */
export async function upsertExportVehicle(
  db: Db,
  fields: ExportVehicleFields,
): Promise<'created' | 'updated' | 'unchanged'> {
  const [current] = await db.select().from(exportVehicles).where(eq(exportVehicles.code, fields.code));
  if (!current) {
    await db.insert(exportVehicles).values(fields);
    return 'created';
  }
  const same = (Object.keys(fields) as (keyof ExportVehicleFields)[]).every(
    (key) => JSON.stringify(current[key]) === JSON.stringify(fields[key]),
  );
  if (same) return 'unchanged';
  await db.update(exportVehicles).set(fields).where(eq(exportVehicles.id, current.id));
  return 'updated';
}

/** Every vehicle, whatever its state, with the quote requests it received (the staff's list). */
export async function listExportVehiclesWithRequests(db: Db) {
  const [vehicles, requests] = await Promise.all([
    db.select().from(exportVehicles).orderBy(desc(exportVehicles.createdAt), desc(exportVehicles.id)),
    db.select().from(exportQuoteRequests).orderBy(desc(exportQuoteRequests.requestedAt)),
  ]);
  return vehicles.map((vehicle) => ({
    vehicle,
    requests: requests.filter((request) => request.vehicleId === vehicle.id),
  }));
}
