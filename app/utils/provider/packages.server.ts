import { z } from "zod";
import { providerFetch, providerRequest, type ProviderContext } from "./request.server";

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

/** GET /api/AccommodationPackageClient as AccommodationPackageData: the packages on offer. */
export function getPackages(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    {
      operation: "packages.getPackages",
      path: "/api/AccommodationPackageClient",
      responseModel: "AccommodationPackageData",
    },
    z.array(accommodationPackageSchema),
  );
}

/** GET /api/AccommodationPackageClient as RecentlyUpdatedHotels: newest price changes, all packages at once. */
export function getRecentlyUpdatedHotels(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    {
      operation: "packages.getRecentlyUpdatedHotels",
      path: "/api/AccommodationPackageClient",
      responseModel: "RecentlyUpdatedHotels",
    },
    z.array(recentlyUpdatedHotelSchema),
  );
}

/** POST /api/AccommodationPackageClient as PackageDownloadLog: records that the agency downloaded a price list. */
export async function logPackageDownload(ctx: ProviderContext, accommodationPackageId: number) {
  await providerRequest(
    ctx,
    {
      operation: "packages.logPackageDownload",
      method: "POST",
      path: "/api/AccommodationPackageClient",
      bodyModel: "PackageDownloadLog",
      json: { AccommodationPackageId: accommodationPackageId },
    },
    z.unknown(),
  );
}

/** GET /api/AccommodationPackageClient?accommodationPackageId&partyId: the price-list file itself. */
export function downloadPackagePriceList(
  ctx: ProviderContext,
  pkg: { accommodationPackageId: number; partyId: number },
) {
  return providerFetch(ctx, {
    operation: "packages.downloadPackagePriceList",
    path: "/api/AccommodationPackageClient",
    query: { accommodationPackageId: pkg.accommodationPackageId, partyId: pkg.partyId },
  });
}
