/**
 * Body of a staff import (`npm run import`, `npm run vehicules-export -- import`): the lines of a
 * spreadsheet as it wrote them, each with its line number for the staff's error messages. The limits
 * differ by resource (a part has more and longer columns than a vehicle).
 */
export type SpreadsheetLinesBody = { lines: { line: number; record: Record<string, string> }[] };

export function spreadsheetLinesSchema({
  maxLines,
  maxColumns,
  maxCellLength,
}: {
  maxLines: number;
  maxColumns: number;
  maxCellLength: number;
}) {
  return {
    type: 'object',
    required: ['lines'],
    additionalProperties: false,
    properties: {
      lines: {
        type: 'array',
        maxItems: maxLines,
        items: {
          type: 'object',
          required: ['line', 'record'],
          additionalProperties: false,
          properties: {
            line: { type: 'integer', minimum: 1 },
            record: {
              type: 'object',
              maxProperties: maxColumns,
              additionalProperties: { type: 'string', maxLength: maxCellLength },
            },
          },
        },
      },
    },
  } as const;
}
