/**
 * A professional's quote request for an export vehicle: recorded, mailed to the yard (replying answers
 * the customer), and a copy mailed to the customer. The request is kept whatever the mail does: a
 * failure leaves it unnotified for the staff to see.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { CustomerRow } from '../db/customers.js';
import {
  markQuoteRequestNotified,
  recordQuoteRequest,
  type ExportQuoteRequestRow,
  type ExportVehicleRow,
} from '../db/export-vehicles.js';
import type { QuoteRequestFields } from '../domain/export-vehicles.js';
import { frenchDateTime } from '../domain/withdrawal.js';
import { quoteRequestCopyMail, quoteRequestStaffMail } from '../mail/templates.js';

/** The request as recorded, when it was made, and whether the yard's mail went. */
export async function requestQuote(
  context: AppContext,
  input: { customer: CustomerRow; vehicle: ExportVehicleRow; fields: QuoteRequestFields; log: FastifyBaseLogger },
): Promise<{ row: ExportQuoteRequestRow; requestedAt: Date; notified: boolean }> {
  const { db, mailer, now, siteUrl, staffEmail } = context;
  const { customer, vehicle, fields, log } = input;
  const requestedAt = now();
  const row = await recordQuoteRequest(db, {
    vehicleId: vehicle.id,
    customerId: customer.id,
    // A professional account has both (mayBuyExportVehicles).
    companyName: customer.companyName!,
    siret: customer.siret!,
    contactName: `${customer.firstName} ${customer.lastName}`,
    email: customer.email,
    ...fields,
    requestedAt,
  });
  const details = {
    vehicle: `${vehicle.make} ${vehicle.model} ${vehicle.version} (${vehicle.year})`,
    code: vehicle.code,
    companyName: row.companyName,
    siret: row.siret,
    contactName: row.contactName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    destination: row.destination,
    message: row.message,
    requestedAt: frenchDateTime(requestedAt),
  };
  let notified = false;
  try {
    await mailer.send(quoteRequestStaffMail(staffEmail, details));
    await markQuoteRequestNotified(db, row.id, now());
    notified = true;
    await mailer.send(
      quoteRequestCopyMail(customer.email, customer.firstName, details, `${siteUrl}/compte/vehicules-export`),
    );
  } catch (error) {
    log.error({ err: error, quoteRequest: row.id }, 'quote request mail failed');
  }
  return { row, requestedAt, notified };
}
