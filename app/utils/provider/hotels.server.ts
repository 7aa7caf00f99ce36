import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

const packageHotelSchema = z.object({
  accommodationPropertyId: z.number(),
  accommodationPackageId: z.number(),
  hotelId: z.number(),
  title: z.string().nullish(),
  hotelName: z.string(),
  hotelGrade: z.number().int().min(0).max(5),
  hotelPlace: z.string(),
  currency: z.string(),
  availableSince: z.string(),
  availableUntil: z.string(),
  minPrice: z.number(),
  roomService: z.string().nullish(),
  isInActive: z.boolean(),
});
export type PackageHotel = z.infer<typeof packageHotelSchema>;

const extraPricesSchema = z.object({
  childNoBedPrice: z.number(),
  childWithBedPrice: z.number(),
  extraBedPrice: z.number(),
});

const roomTypeSchema = z.object({
  typeId: z.number(),
  name: z.string(),
  baseCapacity: z.number().int().min(1).max(10),
  basePrice: z.number(),
  // Seasons with their own nightly price (and, optionally, their extras' prices); a night outside
  // every season costs `basePrice`, and its extras `prices`.
  roomPrices: z
    .array(
      z.object({
        startDate: z.string(),
        endDate: z.string(),
        price: z.number(),
        prices: extraPricesSchema.nullish(),
      }),
    )
    .nullish()
    .transform((seasons) => seasons ?? []),
  roomService: z.string(),
  roomServiceAbbreviation: z.string().nullish(),
  roomView: z.string(),
  currency: z.string().nullish(),
  rules: z.object({
    extraBedAndChildWithBedAreAllowedTogether: z.boolean(),
    childNoBedIsAllowed: z.boolean(),
    childWithBedIsAllowed: z.boolean(),
    extraBedIsAllowed: z.boolean(),
  }),
  prices: extraPricesSchema,
});
export type RoomType = z.infer<typeof roomTypeSchema>;

const packageHotelFiltersSchema = z.object({
  accommodationPackageId: z.number().int().optional(),
  hotelPlace: z.string().optional(),
  hotelGrade: z.number().int().min(1).max(5).optional(),
  hotelName: z.string().optional().describe("A part of the hotel's name"),
  propertyId: z
    .number()
    .int()
    .optional()
    .describe(
      "One hotel only: its accommodationPropertyId (the hotel in its package), never its hotelId",
    ),
});
export type PackageHotelFilters = z.infer<typeof packageHotelFiltersSchema>;

const packageHotelsCall = defineCall({
  operation: "hotels.getPackageHotels",
  summary: "The package hotels on offer, filtered; every filter is optional",
  path: "/api/accommodationPropertyClient",
  token: true,
  query: packageHotelFiltersSchema,
  answer: z.array(packageHotelSchema),
});

/** GET /api/accommodationPropertyClient: the package hotels on offer, filtered. */
export function getPackageHotels(ctx: ProviderContext, filters: PackageHotelFilters = {}) {
  return callProvider(ctx, packageHotelsCall, { query: filters });
}

const hotelRoomTypesCall = defineCall({
  operation: "hotels.getHotelRoomTypes",
  summary: "One hotel in its package, with its room types, their rules and prices",
  path: "/api/AccommodationPropertyClient/{accommodationPropertyId}",
  token: true,
  params: z.object({ accommodationPropertyId: z.number().int() }),
  answer: packageHotelSchema.extend({ roomTypes: z.array(roomTypeSchema) }),
});

/** GET /api/AccommodationPropertyClient/{id}: one hotel with its room types and prices. */
export function getHotelRoomTypes(ctx: ProviderContext, accommodationPropertyId: number) {
  return callProvider(ctx, hotelRoomTypesCall, { params: { accommodationPropertyId } });
}

export const hotelsCalls = [packageHotelsCall, hotelRoomTypesCall];
