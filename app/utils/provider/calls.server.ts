import { agencyCalls } from "./agency.server";
import { airlinesCalls } from "./airlines.server";
import { clientCalls } from "./client.server";
import { dashboardCalls } from "./dashboard.server";
import { geoCalls } from "./geo.server";
import { hotelsCalls } from "./hotels.server";
import { ordersCalls } from "./orders.server";
import { packagesCalls } from "./packages.server";
import { paymentsCalls } from "./payments.server";
import { picturesCalls } from "./pictures.server";
import { reserveRequestsCalls } from "./reserve-requests.server";
import { ticketsCalls } from "./tickets.server";
import { tokenCalls } from "./token.server";
import { usersCalls } from "./users.server";

/** Every call the portal makes, in the order the contract document lists them. */
export const providerCalls = [
  ...tokenCalls,
  ...agencyCalls,
  ...usersCalls,
  ...clientCalls,
  ...dashboardCalls,
  ...picturesCalls,
  ...packagesCalls,
  ...hotelsCalls,
  ...airlinesCalls,
  ...geoCalls,
  ...reserveRequestsCalls,
  ...ordersCalls,
  ...paymentsCalls,
  ...ticketsCalls,
];
