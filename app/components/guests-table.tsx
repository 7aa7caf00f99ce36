import { useTranslation } from "react-i18next";

export type GuestView = {
  type: "mainGuest" | "extraBed" | "childWithBed" | "childNoBed";
  name: string;
  dateOfBirth: string;
  gender: "Female" | "Male";
  passportNumber: string;
  nationality: string;
};

/** A room's guests, one row each (the wizard's review, a request's details and its print view). */
export function GuestsTable({ caption, guests }: { caption: string; guests: GuestView[] }) {
  const { t } = useTranslation("wizard");
  const heading = "py-1 text-start font-medium";
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="w-full min-w-[36rem] text-sm print:min-w-0">
        <caption className="text-start font-medium">{caption}</caption>
        <thead>
          <tr className="text-gray-600">
            <th scope="col" className={heading}>
              {t("guest.name")}
            </th>
            <th scope="col" className={heading}>
              {t("guest.type")}
            </th>
            <th scope="col" className={heading}>
              {t("guest.dateOfBirth")}
            </th>
            <th scope="col" className={heading}>
              {t("guest.gender")}
            </th>
            <th scope="col" className={heading}>
              {t("guest.passport")}
            </th>
            <th scope="col" className={heading}>
              {t("guest.nationality")}
            </th>
          </tr>
        </thead>
        <tbody>
          {guests.map((guest, index) => (
            <tr key={index} className="border-t border-gray-100">
              <td className="py-1">
                <bdi>{guest.name}</bdi>
              </td>
              <td className="py-1">{t(`guestTypes.${guest.type}`)}</td>
              <td className="py-1">{guest.dateOfBirth}</td>
              <td className="py-1">{t(guest.gender === "Male" ? "guest.male" : "guest.female")}</td>
              <td className="py-1">
                <bdi dir="ltr">{guest.passportNumber}</bdi>
              </td>
              <td className="py-1">
                <bdi>{guest.nationality}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
