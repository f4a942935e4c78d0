/**
 * CSV in the browser: fields for files we write (RFC 4180), and rows of files a user uploads or
 * pastes. Saving one is saveTextFile (lib/download.api.ts).
 */

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A field a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: some values come from suppliers or users.
 */
export const csvField = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Rows as CSV, CRLF line ends (what spreadsheets expect), the last line ended too. */
export const csvText = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/**
 * The rows of a CSV (or pasted) text: fields split on commas, semicolons or tabs (spreadsheets
 * in some locales save with semicolons), double-quoted fields kept whole, each field trimmed.
 * Blank lines are dropped.
 */
export const parseCsvRows = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.some((value) => value !== '')) rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',' || ch === ';' || ch === '\t') {
      endField();
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += ch;
    }
  }
  endRow();
  return rows;
};
