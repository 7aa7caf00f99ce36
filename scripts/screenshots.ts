import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import type { SandboxState } from "#sandbox/model";
import { formatDateInput } from "~/utils/format/date-input";
import { browserCookies, signIn, startServers } from "../bench/lib";

/**
 * `npm run screenshots [folder]`: PNGs of the screens a clerk is shown first and a team most
 * wants to look at, against the sandbox and the production build (run `npm run build` first):
 * the rooms step with its running estimate and a stored request's client offer (a 12% markup,
 * both languages), each in English and Persian, at 1280 px and on a 390 px phone. Writes into
 * `screenshots/` unless told another folder, and prints each file's path.
 */

const folder = resolve(process.argv[2] ?? "screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

mkdirSync(folder, { recursive: true });
const servers = await startServers();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
});
const state = (await (await fetch(`${servers.sandboxUrl}/__sandbox/state`)).json()) as SandboxState;
// The demo agency's first request of two rooms or more: the offer's one-page layout at its fullest.
const twoRooms = state.requests.find((request) => request.rooms.length >= 2) ?? state.requests[0];

async function roomsStepWithEstimate(page: Page, language: "en" | "fa") {
  const words =
    language === "en"
      ? {
          checkIn: "Check-in date",
          checkOut: "Check-out date",
          continue: "Continue",
          double: "Add a Double room",
          child: /^Add child with bed/,
          single: "Add a Single room",
        }
      : {
          checkIn: "تاریخ ورود",
          checkOut: "تاریخ خروج",
          continue: "ادامه",
          double: "افزودن اتاق Double",
          child: /^افزودن کودک با تخت/,
          single: "افزودن اتاق Single",
        };
  await page.goto("/reservations/new/hotel");
  await page.getByLabel("Marina Pearl Resort").check();
  // Across the seed's two seasons.
  await page.getByLabel(words.checkIn).fill(formatDateInput(day(18), language));
  await page.getByLabel(words.checkOut).fill(formatDateInput(day(24), language));
  await page.getByRole("button", { name: words.continue }).click();
  await page.waitForURL(/\/rooms$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The draft may hold the rooms already (the same hotel chosen again keeps them).
  if (await page.getByTestId("room-1").count()) return;
  await page.getByRole("button", { name: words.double }).click();
  await page.getByTestId("room-1").getByRole("button", { name: words.child }).click();
  await page.getByRole("button", { name: words.single }).click();
  await page.getByTestId("room-2").waitFor();
}

async function clientOffer(page: Page) {
  await page.goto(
    `/reservations/reservation-details/${twoRooms.id}/offer?markupKind=percent&markup=12&language=both`,
  );
  await page.getByTestId("client-offer").waitFor();
}

const cookie = await signIn(servers.portalUrl);
try {
  for (const language of ["en", "fa"] as const) {
    const context = await browser.newContext({
      baseURL: servers.portalUrl,
      viewport: VIEWPORTS.desktop,
    });
    await context.addCookies(browserCookies(servers.portalUrl, cookie));
    const page = await context.newPage();
    await page.goto("/dashboard");
    if (language === "fa") {
      await page.getByRole("button", { name: "فارسی", exact: true }).click();
      await page.locator('html[lang="fa"]').waitFor({ state: "attached" });
    }
    for (const [name, show] of [
      ["rooms-estimate", () => roomsStepWithEstimate(page, language)],
      ["client-offer", () => clientOffer(page)],
    ] as const) {
      await show();
      // One state, both sizes: the page as the clerk left it, on a desk and on a phone.
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        const file = `${folder}/${name}-${language}-${device}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    await context.close();
  }
} finally {
  await browser.close();
  servers.stop();
}
