import type { AccommodationPackage, Hotel, Picture } from "./model";

/**
 * Real files for the sandbox to serve: banner pictures as SVG, and package price lists as PDF
 * documents built from the package's room prices.
 */

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function bannerSvg(picture: Picture) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
<rect width="1200" height="300" fill="${escapeXml(picture.color)}"/>
<circle cx="1080" cy="60" r="160" fill="#ffffff" opacity="0.12"/>
<text x="60" y="170" font-family="Tahoma, sans-serif" font-size="56" fill="#ffffff">${escapeXml(picture.title)}</text>
</svg>`;
}

// PDF strings are Latin-1 with ( ) \ escaped; the sandbox's price lists are in English.
function pdfText(text: string) {
  return text.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, (char) => `\\${char}`);
}

const LINES_PER_PAGE = 44;

/** A price list as a valid multi-page PDF 1.4 using the standard Helvetica font. */
export function priceListPdf(pkg: AccommodationPackage, hotels: Hotel[]) {
  const lines = [
    `Price list: ${pkg.title}`,
    `Supplier: ${pkg.partyName}    Valid ${pkg.availableSince} to ${pkg.availableUntil}`,
    "",
    ...hotels.flatMap((hotel) => [
      `${hotel.hotelName} (${hotel.hotelGrade}*, ${hotel.hotelPlace}) - prices per night in ${hotel.currency}`,
      ...hotel.roomTypes.flatMap((room) =>
        room.roomPrices.map(
          (period) =>
            `    ${room.name.padEnd(14)} ${room.roomServiceAbbreviation.padEnd(3)} ${period.startDate} to ${period.endDate}  ${String(period.price).padStart(6)}` +
            `   extra bed ${room.prices.extraBedPrice}  child w/ bed ${room.prices.childWithBedPrice}  child no bed ${room.prices.childNoBedPrice}`,
        ),
      ),
      "",
    ]),
  ];
  return textPdf(lines);
}

/** Lines of text as a valid PDF 1.4 (Courier, as many A4 pages as they need). */
export function textPdf(lines: string[]) {
  const pages: string[][] = [];
  for (let index = 0; index < lines.length; index += LINES_PER_PAGE)
    pages.push(lines.slice(index, index + LINES_PER_PAGE));

  // Objects: 1 catalog, 2 pages, 3 font, then a page and a content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>";
  pages.forEach((pageLines, index) => {
    const pageId = pageIds[index];
    const stream = [
      "BT /F1 9 Tf 36 800 Td 12 TL",
      ...pageLines.map((line) => `(${pdfText(line)}) Tj T*`),
      "ET",
    ].join("\n");
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  });

  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, "latin1");
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    pdf += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

export function priceListFileName(pkg: AccommodationPackage) {
  return `price-list-${pkg.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.pdf`;
}
