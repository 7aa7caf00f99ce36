/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (without it Excel reads Persian as mojibake),
 * CRLF line ends, and every cell quoted when it needs to be. A text cell starting with = + - @ is
 * prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function toCsv(rows: Array<Array<string | number | null | undefined>>) {
  const cell = (value: string | number | null | undefined) => {
    let text = value === null || value === undefined ? "" : String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** The response of a CSV download, with its file name. */
export function csvResponse(csv: string, fileName: string) {
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(csv, { headers });
}
