// Reads a party list exported by a spreadsheet program: comma or semicolon (Excel and
// LibreOffice write semicolons where the decimal mark is a comma), UTF-8 with or without a BOM,
// quoted cells over several lines. The parsing is csv-parse's; this file picks the dialect and
// numbers rows the way the spreadsheet does (the header is row 1), since that is where a
// publisher will look for a mistake.
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvTable {
  /** Header names, lower-cased, spaces as underscores ("Time zone" → "time_zone"). */
  columns: string[];
  /** Data rows with their spreadsheet row number (header = 1). */
  rows: { row: number; cells: string[] }[];
  delimiter: ',' | ';';
}

/** The delimiter of the header line: whichever of "," and ";" it has more of, outside quotes. */
export function csvDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text.replace(/^\uFEFF/, '')) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Spreadsheet column letters: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Throws an Error naming the row (and line) csv-parse stopped at. */
export function readCsvTable(text: string): CsvTable {
  const delimiter = csvDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      // Any line ending, even mixed: a file hand-edited after export may have both.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      const records = (error as CsvError & { records?: number }).records;
      const where = typeof records === 'number' ? `row ${records + 1}` : 'a row';
      throw new Error(`${where}${typeof line === 'number' ? ` (line ${line})` : ''}: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
  const [header = [], ...data] = records;
  return {
    columns: header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')),
    rows: data.map((cells, i) => ({ row: i + 2, cells })),
    delimiter,
  };
}
