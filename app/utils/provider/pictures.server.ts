import { z } from "zod";
import {
  providerFetch,
  providerRequest,
  withoutToken,
  type ProviderContext,
} from "./request.server";

/** Spec §9: the dashboard's advertisement banners are picture group 2. */
export const DASHBOARD_PICTURE_GROUP = 2;

const pictureSchema = z.object({
  id: z.number(),
  fileName: z.string().min(1),
  title: z.string().nullish(),
});

/** GET /api/Pictures?groupId={id}: the pictures of one group. */
export function getPictures(ctx: ProviderContext, groupId: number) {
  return providerRequest(
    ctx,
    { operation: "pictures.getPictures", path: "/api/Pictures", query: { groupId } },
    z.array(pictureSchema),
  );
}

/**
 * GET /PublicFiles/{fileName}: a stored file (banner pictures, receipt uploads), as the provider
 * sends it. Public: often a CDN or a plain file server that logs headers, so it never gets the token.
 */
export function getPublicFile(ctx: ProviderContext, fileName: string) {
  return providerFetch(withoutToken(ctx), {
    operation: "pictures.getPublicFile",
    path: `/PublicFiles/${encodeURIComponent(fileName)}`,
  });
}
