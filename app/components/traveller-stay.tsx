import { InlineValues } from "~/components/ui/inline-values";
import type { TravellerStayView } from "~/utils/requests/voucher.server";
import { Apart } from "~/components/ui/apart";

/**
 * What a traveller is handed of a stay, in one language (the voucher, a client offer): the hotel,
 * its place and the dates in both calendars as rows of the caller's list, then each room with its
 * type, board, view and guests.
 */

const term = "text-gray-600";

/** The hotel and the stay, as `<dt>`/`<dd>` rows inside the caller's `<dl>`. */
export function StayRows({ stay }: { stay: TravellerStayView }) {
  const label = stay.stayLabel;
  return (
    <>
      <dt className={term}>{label.hotel}</dt>
      <dd>
        <bdi className="font-semibold">{stay.hotel.name}</bdi>{" "}
        <span aria-hidden="true">{"★".repeat(stay.hotel.grade)}</span> ({stay.hotel.stars})
      </dd>
      {stay.hotel.place ? (
        <>
          <dt className={term}>{label.place}</dt>
          <dd>
            <bdi>{stay.hotel.place}</bdi>
          </dd>
        </>
      ) : null}
      <dt className={term}>{label.checkIn}</dt>
      <dd>
        <DateInBothCalendars date={stay.checkIn} notSpecified={label.notSpecified} />
      </dd>
      <dt className={term}>{label.checkOut}</dt>
      <dd>
        <DateInBothCalendars date={stay.checkOut} notSpecified={label.notSpecified} />{" "}
        {stay.nights ? <span className="block text-gray-700">{stay.nights}</span> : null}
      </dd>
    </>
  );
}

/** Each room: its type, board, view and guests. */
export function TravellerRooms({ stay }: { stay: TravellerStayView }) {
  const label = stay.stayLabel;
  return stay.rooms.map((room) => (
    <div key={room.heading} className="border-t border-gray-200 pt-2">
      <h3 className="font-semibold">{room.heading}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className={term}>{label.roomType}</dt>
        <dd>
          <bdi>{room.roomType}</bdi>
        </dd>
        <dt className={term}>{label.board}</dt>
        <dd>
          <bdi>{room.board}</bdi>
        </dd>
        <dt className={term}>{label.view}</dt>
        <dd>
          <bdi>{room.view}</bdi>
        </dd>
        <dt className={term}>{label.guests}</dt>
        <dd>
          <ul>
            {room.guests.map((guest, index) => (
              <li key={index}>
                <InlineValues values={[guest.name, guest.type]} />
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </div>
  ));
}

function DateInBothCalendars({
  date,
  notSpecified,
}: {
  date: TravellerStayView["checkIn"];
  notSpecified: string;
}) {
  if (!date) return <>{notSpecified}</>;
  return (
    <Apart>
      <span className="block font-semibold">{date.main}</span>
      <span className="block text-gray-700">{date.other}</span>
    </Apart>
  );
}
