import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** Maps the columns of `table` in `raw` through each column's own driver mapping. */
const mapColumns = <T extends Table>(
  table: T,
  raw: Record<string, unknown>,
): Record<string, unknown> => {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
};

/**
 * Maps a raw row of `table` (column names as in the database, values as the driver or
 * row_to_json gave them) to the shape Drizzle's select returns, through each column's own
 * driver mapping. For hand-written statements whose RETURNING is a whole table row.
 */
export const rowFromRaw = <T extends Table>(
  table: T,
  raw: Record<string, unknown>,
): InferSelectModel<T> => mapColumns(table, raw) as InferSelectModel<T>;
