import { ADD_TO_ORDER_WIZARD, wizardSteps } from "#tests/pages";
import { expect, type Portal, type Sandbox } from "./fixtures";

/**
 * The pages a user reaches only in a certain state, beside those `tests/pages.ts` lists: the
 * wizard's later steps (a draft), the unfinished-request page (a draft an earlier session left),
 * and the error pages (no such page, a provider that fails, a voucher of a request that has none,
 * a request's page without the request).
 * The checks over every page (accessibility, the content security policy) walk these too.
 * `reach` signs in and sets the state up; `path` then answers `status`.
 */
export type PageInAState = {
  name: string;
  path: string;
  status: number;
  reach: (portal: Portal, sandbox: Sandbox) => Promise<void>;
};

/** Signs in and sends the wizard's steps before the `count`th, so that step opens. */
async function wizardUpToStep(portal: Portal, count: number, wizard?: string) {
  await portal.signInDirectly();
  for (const { path, moveOn } of wizardSteps(wizard).slice(0, count))
    expect((await portal.sendForm(path, moveOn!)).status(), path).toBe(302);
}

/** The later steps of a wizard (the new request's, or the one adding to an order). */
const laterStepsOf = (name: string, wizard?: string) =>
  wizardSteps(wizard)
    .slice(1)
    .map(({ path }, index) => ({
      name: `${name}'s step ${index + 2}`,
      path,
      status: 200,
      reach: (portal: Portal) => wizardUpToStep(portal, index + 1, wizard),
    }));

export const PAGES_IN_A_STATE: PageInAState[] = [
  ...laterStepsOf("the wizard"),
  ...laterStepsOf("the add-to-order wizard", ADD_TO_ORDER_WIZARD),
  {
    name: "the client offer of the request under review",
    path: "/reservations/new/offer?markupKind=percent&markup=12&language=both",
    status: 200,
    reach: (portal: Portal) => wizardUpToStep(portal, wizardSteps().length - 1),
  },
  {
    name: "the unfinished-request page",
    path: "/reservations/new",
    status: 200,
    reach: async (portal) => {
      await wizardUpToStep(portal, 1);
      // A later sign-in finds the draft the earlier session left.
      await portal.signInDirectly();
      const page = await portal.page.request.get("/reservations/new");
      expect(await page.text()).toContain("You have an unfinished request");
    },
  },
  {
    name: "the page for an address that is no page",
    path: "/no-such-page",
    status: 404,
    reach: (portal) => portal.signInDirectly(),
  },
  {
    name: "a page the provider fails",
    path: "/reservations/list",
    status: 503,
    reach: async (portal, sandbox) => {
      await portal.signInDirectly();
      await sandbox.fault({ path: "/api/*", status: 500 });
    },
  },
  {
    name: "a request the provider cannot give, with its notes",
    path: "/reservations/reservation-details/7003",
    status: 503,
    reach: async (portal, sandbox) => {
      await portal.signInDirectly();
      await sandbox.fault({
        path: "/api/AccommodationReserveRequestClient/7003",
        method: "GET",
        model: "ReserveRequestSummary",
        status: 500,
      });
    },
  },
  {
    name: "a request's page asking before booking it again replaces an unfinished one",
    path: "/reservations/reservation-details/7003?confirm=book-again",
    status: 200,
    reach: (portal) => wizardUpToStep(portal, 1),
  },
  {
    name: "the voucher of a request that has none yet",
    // 7001 waits for the provider: only a Confirmed request has a voucher.
    path: "/reservations/reservation-details/7001/voucher",
    status: 409,
    reach: (portal) => portal.signInDirectly(),
  },
];
