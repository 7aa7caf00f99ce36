import { http, HttpResponse } from "msw";
import { z } from "zod";
import { bannerSvg, priceListFileName, priceListPdf } from "../files";
import {
  domainModelOf,
  fail,
  parseBody,
  requireAcceptModel,
  requireBodyModel,
  requireUser,
  type SandboxContext,
} from "./common";

const RECENT_HOTELS_PER_PACKAGE = 5;

/** Packages and their price lists (/api/AccommodationPackageClient), pictures and public files. */
export function packageHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.get(`${base}/api/AccommodationPackageClient`, ({ request }) => {
      requireUser(ctx, request);
      const { state } = store;
      const url = new URL(request.url);
      const packageId = url.searchParams.get("accommodationPackageId");
      if (packageId) {
        requireAcceptModel(request, null);
        const pkg = state.packages.find((entry) => String(entry.id) === packageId);
        if (!pkg || String(pkg.partyId) !== url.searchParams.get("partyId"))
          fail(404, "No such package for this party.");
        const hotels = state.hotels.filter(
          (hotel) => hotel.accommodationPackageId === pkg!.id && !hotel.isInActive,
        );
        return new HttpResponse(priceListPdf(pkg!, hotels), {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": `attachment; filename="${priceListFileName(pkg!)}"`,
          },
        });
      }
      switch (domainModelOf(request.headers.get("Accept"))) {
        case "AccommodationPackageData":
          return HttpResponse.json(
            state.packages.map(({ id, ...pkg }) => ({ accommodationPackageId: id, ...pkg })),
          );
        case "RecentlyUpdatedHotels":
          return HttpResponse.json(
            state.packages.flatMap((pkg) =>
              state.hotels
                .filter((hotel) => hotel.accommodationPackageId === pkg.id && !hotel.isInActive)
                .sort((a, b) => b.lastEditDateTime.localeCompare(a.lastEditDateTime))
                .slice(0, RECENT_HOTELS_PER_PACKAGE)
                .map((hotel) => ({
                  accommodationPackageId: pkg.id,
                  accommodationPropertyId: hotel.accommodationPropertyId,
                  hotelName: hotel.hotelName,
                  hotelGrade: hotel.hotelGrade,
                  hotelPlace: hotel.hotelPlace,
                  lastEditDateTime: hotel.lastEditDateTime,
                })),
            ),
          );
        default:
          return fail(400, "Unknown domain model for /api/AccommodationPackageClient.");
      }
    }),

    http.post(`${base}/api/AccommodationPackageClient`, async ({ request }) => {
      const { user } = requireUser(ctx, request);
      requireBodyModel(request, "PackageDownloadLog");
      requireAcceptModel(request, null);
      const { AccommodationPackageId } = await parseBody(
        request,
        z.object({ AccommodationPackageId: z.number().int() }),
      );
      if (!store.state.packages.some((pkg) => pkg.id === AccommodationPackageId))
        fail(400, "Unknown package.");
      store.state.downloadLogs.push({
        packageId: AccommodationPackageId,
        userName: user.userName,
        at: new Date().toISOString(),
      });
      store.save();
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`${base}/api/Pictures`, ({ request }) => {
      requireUser(ctx, request);
      requireAcceptModel(request, null);
      const groupId = Number(new URL(request.url).searchParams.get("groupId"));
      if (!Number.isInteger(groupId)) fail(400, "groupId is required.");
      return HttpResponse.json(
        store.state.pictures
          .filter((picture) => picture.groupId === groupId)
          .map(({ id, fileName, title }) => ({ id, fileName, title })),
      );
    }),

    // Public files need no token: the provider serves them like a static folder. Pictures only:
    // receipts are an agency's own and never public.
    http.get(`${base}/PublicFiles/:fileName`, ({ request, params }) => {
      requireAcceptModel(request, null);
      const picture = store.state.pictures.find((entry) => entry.fileName === params.fileName);
      if (!picture) return fail(404, "No such file.");
      return new HttpResponse(bannerSvg(picture), {
        headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
      });
    }),
  ];
}
