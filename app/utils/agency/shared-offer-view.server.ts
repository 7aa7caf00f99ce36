import { languageDirection, supportedLanguages } from "~/i18n";
import { formatBothCalendars } from "~/utils/format/dates";
import { formatMoney, localizeDigits } from "~/utils/format/numbers";
import { i18nInstanceFor } from "~/utils/i18n/i18n.server";
import { travellerStay } from "~/utils/requests/voucher.server";
import type { SharedOffer } from "~/utils/agency/shared-offers.server";

/**
 * A shared offer as its customer reads it, in the offer's language or both side by side: the
 * stay as on the voucher, each room's guests as counts, the price with the agency's markup and the
 * day it was priced on.
 */
export async function sharedOfferColumns(offer: SharedOffer) {
  const languages = supportedLanguages.filter(
    (each) => offer.language === "both" || each === offer.language,
  );
  return Promise.all(
    languages.map(async (language) => {
      const t = (await i18nInstanceFor(language)).getFixedT(language, "requests");
      const stay = travellerStay({ ...offer, rooms: [] }, language, t);
      return {
        language,
        dir: languageDirection(language),
        heading: t("offer.heading"),
        stay,
        rooms: offer.rooms.map((room, index) => ({
          heading: t("voucher.room", { number: localizeDigits(index + 1, language) }),
          roomType: room.roomType,
          board: room.board,
          view: room.view,
          guests: room.guests.map((guest) =>
            t("share.guestCount", {
              type: t(`wizard:guestTypes.${guest.type}`),
              number: localizeDigits(guest.count, language),
            }),
          ),
        })),
        priceLabel: t("offer.price"),
        price: formatMoney(offer.price.amount, offer.price.currency, language, offer.price.sign),
        pricedOn: t("share.pricedOn", {
          date: formatBothCalendars(offer.pricedAt, language)[
            language === "fa" ? "jalali" : "gregorian"
          ],
        }),
      };
    }),
  );
}
export type SharedOfferColumn = Awaited<ReturnType<typeof sharedOfferColumns>>[number];
