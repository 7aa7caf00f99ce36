import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { encode } from "uqr";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { clientPrice, shareOfferSchema } from "~/utils/money/client-offer";
import type { OfferFacts } from "~/utils/money/client-offer.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { env } from "~/utils/runtime/env.server";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import { requireUserName } from "~/utils/session/auth.server";
import { sessionStorage } from "~/utils/session/session.server";
import { requireAgencyId } from "~/utils/agency/agency.server";
import { shareOffer, type SharedOffer } from "~/utils/agency/shared-offers.server";
import { StoreUnavailableError, storeConfigured } from "~/utils/db/db.server";

/**
 * The clerk's side of a shared offer: the agency it belongs to, the snapshot stored from a client
 * offer, and the link shown once after sharing (its token is not kept anywhere else).
 */

/** What the customer sees of an offer: guests as counts by type, the price with the markup. */
function sharedOfferOf(
  facts: OfferFacts,
  markup: Parameters<typeof clientPrice>[1],
  language: SharedOffer["language"],
): SharedOffer {
  return {
    agencyName: facts.agencyName,
    hotel: facts.hotel,
    checkIn: facts.checkIn ?? "",
    checkOut: facts.checkOut ?? "",
    rooms: facts.rooms.map((room) => {
      const counts = new Map<string, number>();
      for (const guest of room.guests) counts.set(guest.type, (counts.get(guest.type) ?? 0) + 1);
      return {
        roomType: room.roomType,
        board: room.board,
        view: room.view,
        guests: [...counts].map(([type, count]) => ({ type, count })),
      };
    }),
    price: {
      amount: clientPrice(facts.price.amount, markup),
      currency: facts.price.currency,
      ...(facts.price.sign ? { sign: facts.price.sign } : {}),
    },
    language,
    pricedAt: new Date().toISOString(),
  };
}

const SHARED_LINK_KEY = "sharedOfferLink";

/**
 * The POST of "Share as a link": the offer as it is priced now, stored; back to the offer page,
 * which shows the link once. A refused name comes back beside its field, as typed.
 */
export async function shareOfferFrom(
  request: Request,
  context: AppLoadContext,
  provider: ProviderContext,
  loadFacts: () => Promise<OfferFacts>,
) {
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: shareOfferSchema });
  if (submission.status !== "success") return data({ share: submission.reply() }, { status: 400 });
  const refused = await userOverLimitMessage(request, context, "sharedOffersPerUser");
  if (refused) return data({ share: submission.reply({ formErrors: [refused] }) }, { status: 429 });
  const { markupKind, markup, language, preparedFor } = submission.value;
  const [agencyId, userName, facts] = await Promise.all([
    requireAgencyId(context, provider),
    requireUserName(request, context),
    loadFacts(),
  ]);
  const offer = sharedOfferOf(facts, { kind: markupKind, value: markup }, language);
  let token: string;
  try {
    token = await shareOffer(agencyId, userName, preparedFor || null, offer);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const message = context.translator("requests")("share.unavailable");
    return data({ share: submission.reply({ formErrors: [message] }) }, { status: 503 });
  }
  const session = await context.session();
  session.flash(SHARED_LINK_KEY, `${publicOrigin(context)}/offer/${token}`);
  await sessionStorage.commitSession(session);
  const back = new URL(request.url);
  back.search = new URLSearchParams({ markupKind, markup: String(markup), language }).toString();
  return redirect(`${back.pathname}${back.search}#shared-link`);
}

/**
 * The address customers' links start with: PUBLIC_URL, else the one the clerk's browser used
 * (behind a TLS-terminating proxy, the https it says the browser used, not the request's http).
 */
function publicOrigin(context: AppLoadContext) {
  return (env.PUBLIC_URL ?? context.origin).replace(/\/$/, "");
}

/**
 * The link just shared, once (read from the session and forgotten), with what the clerk hands it
 * over by: a mail of the clerk's own, and a QR code for the printed offer. Null otherwise, and
 * whether sharing is there at all.
 */
export async function sharedLinkOnce(context: AppLoadContext) {
  const session = await context.session();
  const link = session.get(SHARED_LINK_KEY);
  if (typeof link !== "string") return { canShare: storeConfigured, link: null };
  await sessionStorage.commitSession(session);
  return { canShare: storeConfigured, link: { url: link, qr: qrPath(link) } };
}

/**
 * A QR code as one SVG path (a few hundred bytes gzipped): each run of dark modules in a row is
 * one rectangle. Drawn on the server, so the printed offer has it without a script.
 */
function qrPath(text: string) {
  const { data: rows, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`;
      x = end;
    }
  });
  return { path, size };
}
