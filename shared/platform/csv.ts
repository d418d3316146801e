// CSV for the exports (payout batches, statements, NIL disclosure records): RFC 4180 quoting,
// CRLF line ends, and no cell a spreadsheet would run as a formula (a leading = + - @ or tab gets
// a quote mark, as OWASP advises for CSV injection).

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvDocument(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
