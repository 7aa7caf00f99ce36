import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

/** Spec §9: the dashboard's advertisement banners are picture group 2. */
export const DASHBOARD_PICTURE_GROUP = 2;

const pictureSchema = z.object({
  id: z.number(),
  fileName: z.string().min(1),
  title: z.string().nullish(),
});

const picturesCall = defineCall({
  operation: "pictures.getPictures",
  summary: "The pictures of one group (group 2: the dashboard's banners), each a public file",
  path: "/api/Pictures",
  token: true,
  query: z.object({ groupId: z.number().int() }),
  answer: z.array(pictureSchema),
});

/** GET /api/Pictures?groupId={id}: the pictures of one group. */
export function getPictures(ctx: ProviderContext, groupId: number) {
  return callProvider(ctx, picturesCall, { query: { groupId } });
}

const publicFileCall = defineCall({
  operation: "pictures.getPublicFile",
  summary: "A stored file (a banner picture, an uploaded receipt), as it was stored",
  path: "/PublicFiles/{fileName}",
  token: false,
  params: z.object({ fileName: z.string().min(1) }),
  answer: "file",
});

/**
 * GET /PublicFiles/{fileName}: a stored file (banner pictures, receipt uploads), as the provider
 * sends it. Public: often a CDN or a plain file server that logs headers, so it never gets the token.
 */
export function getPublicFile(ctx: ProviderContext, fileName: string) {
  return callProvider(ctx, publicFileCall, { params: { fileName } });
}

export const picturesCalls = [picturesCall, publicFileCall];
