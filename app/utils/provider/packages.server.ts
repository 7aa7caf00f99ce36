import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

const accommodationPackageSchema = z.object({
  accommodationPackageId: z.number(),
  title: z.string(),
  availableSince: z.string(),
  availableUntil: z.string(),
  userId: z.number().nullish(),
  userName: z.string().nullish(),
  partyId: z.number(),
  partyName: z.string().nullish(),
  lastEditDateTime: z.string(),
});

const recentlyUpdatedHotelSchema = z.object({
  accommodationPackageId: z.number(),
  accommodationPropertyId: z.number(),
  hotelName: z.string(),
  hotelGrade: z.number().int().min(0).max(5),
  hotelPlace: z.string().nullish(),
  lastEditDateTime: z.string(),
});

const PACKAGES = "/api/AccommodationPackageClient";

const packagesCall = defineCall({
  operation: "packages.getPackages",
  summary: "The packages on offer (a provider's contract with a group of hotels for a period)",
  path: PACKAGES,
  token: true,
  responseModel: "AccommodationPackageData",
  answer: z.array(accommodationPackageSchema),
});

/** GET /api/AccommodationPackageClient as AccommodationPackageData: the packages on offer. */
export function getPackages(ctx: ProviderContext) {
  return callProvider(ctx, packagesCall);
}

const recentlyUpdatedHotelsCall = defineCall({
  operation: "packages.getRecentlyUpdatedHotels",
  summary: "The hotels whose prices changed last, across every package, newest first",
  path: PACKAGES,
  token: true,
  responseModel: "RecentlyUpdatedHotels",
  answer: z.array(recentlyUpdatedHotelSchema),
});

/** GET /api/AccommodationPackageClient as RecentlyUpdatedHotels: newest price changes, all packages at once. */
export function getRecentlyUpdatedHotels(ctx: ProviderContext) {
  return callProvider(ctx, recentlyUpdatedHotelsCall);
}

const packageDownloadLogSchema = z.object({ AccommodationPackageId: z.number().int() });

const logPackageDownloadCall = defineCall({
  operation: "packages.logPackageDownload",
  summary: "Records that the agency downloaded a package's price list",
  method: "POST",
  path: PACKAGES,
  token: true,
  body: { model: "PackageDownloadLog", json: packageDownloadLogSchema },
  answer: "empty",
});

/** POST /api/AccommodationPackageClient as PackageDownloadLog: records that the agency downloaded a price list. */
export async function logPackageDownload(ctx: ProviderContext, accommodationPackageId: number) {
  await callProvider(ctx, logPackageDownloadCall, {
    json: { AccommodationPackageId: accommodationPackageId },
  });
}

const priceListCall = defineCall({
  operation: "packages.downloadPackagePriceList",
  summary: "A package's price list, the file itself (a spreadsheet), sent as it is stored",
  path: PACKAGES,
  token: true,
  query: z.object({ accommodationPackageId: z.number().int(), partyId: z.number().int() }),
  answer: "file",
});

/** GET /api/AccommodationPackageClient?accommodationPackageId&partyId: the price-list file itself. */
export function downloadPackagePriceList(
  ctx: ProviderContext,
  pkg: { accommodationPackageId: number; partyId: number },
) {
  return callProvider(ctx, priceListCall, {
    query: { accommodationPackageId: pkg.accommodationPackageId, partyId: pkg.partyId },
  });
}

export const packagesCalls = [
  packagesCall,
  recentlyUpdatedHotelsCall,
  logPackageDownloadCall,
  priceListCall,
];
