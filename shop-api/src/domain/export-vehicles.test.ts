import { describe, expect, it } from 'vitest';
import { checkQuoteRequest, EXPORT_MESSAGES, mayBuyExportVehicles, normalizePhone } from './export-vehicles.js';

describe('export vehicles', () => {
  it('are for professional accounts with a company and a SIRET only', () => {
    expect(mayBuyExportVehicles({ groupCode: 'professional', companyName: 'Garage Central', siret: '73282932000074' })).toBe(true);
    expect(mayBuyExportVehicles({ groupCode: 'professional', companyName: null, siret: null })).toBe(false);
    expect(mayBuyExportVehicles({ groupCode: 'individual', companyName: 'Garage Central', siret: '73282932000074' })).toBe(false);
  });

  it('take French and international phone numbers, written as people write them', () => {
    expect(normalizePhone('06 12 34 56 78')).toBe('0612345678');
    expect(normalizePhone('06.12.34.56.78')).toBe('0612345678');
    expect(normalizePhone('+32 (0)470-12-34-56')).toBe('+32470123456');
    expect(normalizePhone('+32 470 12 34 56')).toBe('+32470123456');
    expect(normalizePhone('0012345678')).toBeNull();
    expect(normalizePhone('061234567')).toBeNull();
  });

  it('check a quote request: phone required, destination and message bounded, fields trimmed', () => {
    expect(checkQuoteRequest({})).toEqual({ ok: false, violations: [{ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneRequired }] });
    expect(checkQuoteRequest({ phoneNumber: 'abc', destination: 'x'.repeat(65), message: 'y'.repeat(2001) })).toEqual({
      ok: false,
      violations: [
        { propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneInvalid },
        { propertyPath: 'destination', message: EXPORT_MESSAGES.destinationTooLong },
        { propertyPath: 'message', message: EXPORT_MESSAGES.messageTooLong },
      ],
    });
    expect(checkQuoteRequest({ phoneNumber: ' 03 27 00 00 00 ', destination: '  ', message: ' Délai ? ' })).toEqual({
      ok: true, fields: { phoneNumber: '0327000000', destination: null, message: 'Délai ?' },
    });
  });
});
