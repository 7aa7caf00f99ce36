import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";
import { By, Key } from "selenium-webdriver";
import { formatDateInput } from "~/utils/format/date-input";
import { CHECK_IN, CHECK_OUT, PNG } from "./journeys";
import { SHARING_WORDS } from "./sharing-words";
import { expect, test, WebKitUser } from "./webkit";

/**
 * A clerk's journeys in WebKit (Safari's engine), JavaScript off and on, over HTTPS through HAProxy
 * as in production (tests/e2e/webkit.ts): sign in, a request through the wizard, a note, a
 * receipt, the CSV export, Persian.
 */

// Each test opens a browser of its own, which takes WebKit a second or two on a busy machine, and
// drives a journey over WebDriver: 15–21 s beside a CPU hog (0.32–0.35 of 60 s), so 90 s. One
// worker, one cluster per mode: the journeys run in turn.
test.describe.configure({ mode: "default", timeout: 90_000 });

test.describe("WebKit", () => {
  test("signs in over HTTPS; the session cookie is __Host-, Secure and kept", async ({ user }) => {
    await user.signIn();
    await user.waitForText("Dashboard", "h1");
    const session = await user.driver.manage().getCookie("__Host-session");
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: "/" });
    // A page after the sign-in is the user's, not the sign-in form again.
    await user.visit("/reservations/list");
    await user.waitForText("Requests", "h1");
  });

  test("over HTTPS, the pages HAProxy makes itself keep the browser to HTTPS too", async ({
    httpsCluster,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "no browser involved");
    // A dot segment, sent as written (a browser resolves it itself): HAProxy's own 400.
    const answer = await new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
      const { hostname, port } = new URL(httpsCluster.url);
      httpsRequest(
        { hostname, port, path: "/assets/../dashboard", rejectUnauthorized: false },
        (response) => {
          response.resume();
          resolve({
            status: response.statusCode ?? 0,
            hsts: response.headers["strict-transport-security"],
          });
        },
      )
        .on("error", reject)
        .end();
    });
    expect(answer).toEqual({ status: 400, hsts: "max-age=31536000; includeSubDomains" });
  });

  test("over plain http WebKit keeps no Secure cookie: the sign-in says so", async ({
    user,
    servers,
  }) => {
    // The worker's own portal, over http://localhost, where Chromium and Firefox keep the cookies.
    const plain = new WebKitUser(user.driver, servers.portalUrl, user.javaScriptEnabled);
    await plain.attemptSignIn();
    await plain.waitForPath(/^\/auth\/login\?(.*&)?cookies=refused/);
    await plain.waitForText("Your browser did not keep this portal's cookies");
    expect(await user.driver.manage().getCookies()).toEqual([]);
  });

  test("a request through the four steps, its guest a traveller booked before, reaches the provider", async ({
    user,
    sandbox,
  }) => {
    const [nima] = (await sandbox.state()).requests.find((request) => request.id === 7022)!.rooms[0]
      .passengers;
    await user.signIn();
    await user.click(user.link("New Request"));
    await user.waitForPath(/\/reservations\/new\/hotel$/);
    await user.hydrated();
    await user.check("Marina Pearl Resort");
    await user.fill("Check-in date", formatDateInput(CHECK_IN, "en"));
    await user.fill("Check-out date", formatDateInput(CHECK_OUT, "en"));
    await user.fill("Your reference (optional)", "AG-WEBKIT");
    await user.click(user.button("Continue"));
    await user.waitForPath(/\/rooms$/);
    await user.hydrated();
    await user.click(user.button("Add a Single room"));
    await user.find('[data-testid="room-1"]');
    await user.hydrated();
    const finder = '[data-testid="room-1"] [data-testid="traveller-finder"]';
    await user.fill("Find a traveller booked before", "Nima Far", finder);
    if (user.javaScriptEnabled) await user.click(user.find(`${finder} [role="option"]`));
    else {
      await user.click(user.button("Find a traveller", finder));
      await user.click(user.button("Fill in Nima Farahani", finder));
    }
    await user.waitFor(
      async () =>
        (await (
          await user.control("First name", '[data-testid="room-1"]')
        ).getAttribute("value")) === "Nima",
      "the guest filled in",
    );
    await user.click(user.button("Continue"));
    // No transfer: the flights are not needed, the review comes next.
    await user.waitForPath(/\/review$/);
    await user.hydrated();
    await user.waitForText("Marina Pearl Resort");
    await user.click(user.button("Submit request"));
    await user.waitForPath(/\/reservations\/list$/);
    await user.waitForText("Request was submitted successfully", '[data-testid="snackbar"]');

    const { receivedReservations } = await sandbox.state();
    expect(receivedReservations).toHaveLength(1);
    expect(receivedReservations[0].body).toMatchObject({
      AgencyRef: "AG-WEBKIT",
      CheckInDate: CHECK_IN,
      CheckOutDate: CHECK_OUT,
      NeedTransfer: false,
      ReserveRoomRequests: [
        {
          Passengers: [
            {
              FirstName: "Nima",
              LastName: "Farahani",
              Birthday: nima.dateOfBirth,
              PassportNumber: nima.passportNumber,
              NationalityCountryCode: nima.nationalityCountryCode,
            },
          ],
        },
      ],
    });
  });

  test("a note to the provider is sent and shown in the thread", async ({ user, sandbox }) => {
    const id = 7003;
    await user.signIn();
    await user.visit(`/reservations/reservation-details/${id}`);
    await user.fill("New note to the provider", "Please add a baby cot.");
    await user.click(user.button("Send note"));
    await user.waitForText("Please add a baby cot.", '[data-from="agency"]');
    const { requests } = await sandbox.state();
    expect(requests.find((request) => request.id === id)!.notes.at(-1)).toMatchObject({
      content: "Please add a baby cot.",
      isBroker: false,
    });
  });

  test("a bank receipt with its file is uploaded", async ({ user, sandbox }, testInfo) => {
    const file = testInfo.outputPath("receipt.png");
    writeFileSync(file, PNG);
    await user.signIn();
    await user.visit("/orders/order-details/3002");
    await user.click(user.link("Submit a receipt"));
    // With JS a dialog on the order; without, the receipt's own page.
    if (user.javaScriptEnabled) await user.find('[data-testid="receipt-dialog"]');
    else await user.waitForPath(/\/orders\/order-details\/3002\/receipt$/);
    await user.fill("Receipt number", "RC-WEBKIT-1");
    await user.select("Receipt payment type", "Bank transfer (SATNA)");
    await user.fill("Payment date", formatDateInput("2026-11-20", "en"));
    await user.fill("Payment time", "10:30");
    await user.fill("Sender's name", "Sara Ahmadi");
    await user.fill("Amount", "1250.50");
    await user.select("Currency paid in", "US Dollar (USD)");
    await (await user.control("Receipt file")).sendKeys(file);
    await user.click(user.button("Submit receipt"));
    await user.waitForText("Receipt was submitted successfully");
    const { payments } = await sandbox.state();
    expect(payments.at(-1)).toMatchObject({ receiptNumber: "RC-WEBKIT-1", sourceAmount: 1250.5 });
    expect(payments.at(-1)!.fileName).toMatch(/\.png$/);
  });

  for (const language of ["en", "fa"] as const)
    test(`a clerk shares an offer as a link; the customer opens it on a phone without signing in: the agency's logo, the stay, for whom; then withdrawn (${language})`, async ({
      user,
    }, testInfo) => {
      // Two people's journey (the clerk's nine pages and two sign-ins, the customer's two):
      // 26–32 s on a quiet machine, so 150 s.
      test.setTimeout(150_000);
      const words = SHARING_WORDS[language];
      const logo = testInfo.outputPath("logo.png");
      writeFileSync(logo, PNG);
      const clerkSignsIn = async () => {
        await user.signIn();
        if (language === "fa") {
          await user.click(user.button("فارسی"));
          // The dashboard drawn in Persian: the answer that keeps the choice has come.
          await user.waitForText("داشبورد", "h1");
        }
      };
      await clerkSignsIn();
      await user.visit("/agency/branding");
      await (await user.control(words.logo)).sendKeys(logo);
      await user.click(user.button(words.save));
      await user.waitForText(words.saved);
      await user.visit(
        "/reservations/reservation-details/7001/offer?markupKind=percent&markup=12&language=both",
      );
      await user.fill(words.preparedFor, "The Karimi family");
      await user.click(user.button(words.share));
      const link = (await (await user.find("#shared-link-url")).getAttribute("value"))!;
      // Behind the TLS proxy the link is the https address the clerk's browser used.
      expect(link).toMatch(/^https:\/\/localhost:\d+\/offer\/[\w-]{43}$/);

      // The customer's phone: none of the clerk's cookies, a phone's width.
      await user.driver.manage().deleteAllCookies();
      await user.driver.manage().window().setRect({ width: 390, height: 844 });
      await user.driver.get(link);
      await user.waitForText("The Karimi family");
      await user.waitForText(words.offerHeading, "h1");
      const image = await user.find('img[src$="/logo"]');
      await user.waitFor(
        () =>
          user.driver.executeScript<boolean>(
            "return arguments[0].complete && arguments[0].naturalWidth > 0",
            image,
          ),
        "the agency's logo drawn",
      );
      // Nothing to run: the customer's page sends no script, with JavaScript on or off.
      expect(await user.driver.executeScript("return document.scripts.length")).toBe(0);
      // The page is as wide as the phone: nothing to scroll sideways.
      expect(
        await user.driver.executeScript(
          "return document.documentElement.scrollWidth <= window.innerWidth",
        ),
      ).toBe(true);

      // The clerk withdraws it; the link says so.
      await user.driver.manage().window().setRect({ width: 1280, height: 900 });
      await clerkSignsIn();
      await user.visit("/agency/offers");
      await user.click(user.button(words.withdraw));
      await user.waitForText(words.withdrawn);
      await user.driver.manage().deleteAllCookies();
      await user.driver.get(link);
      // (in the language of the customer's browser: English, as it chose none)
      await user.waitForText(SHARING_WORDS.en.ended, "h1");
    });

  test("the requests list downloads as CSV", async ({ user, downloads }) => {
    await user.signIn();
    await user.visit("/reservations/list");
    await user.click(user.link("Export to CSV"));
    const saved = await user.waitFor(async () => {
      const names = readdirSync(downloads).filter((name) => name.endsWith(".csv"));
      return names.length > 0 ? join(downloads, names[0]) : undefined;
    }, "a saved CSV file");
    const text = await user.waitFor(async () => {
      const content = readFileSync(saved, "utf8");
      return content.includes("\r\n") ? content : undefined;
    }, "the CSV's rows");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split("\r\n")[0]).toContain("Request number");
  });

  test("a date picked on the calendar with the keyboard (JS on); a typed field without JS", async ({
    user,
  }) => {
    await user.signIn();
    await user.visit("/reservations/new/hotel");
    const checkIn = await user.control("Check-in date");
    expect(await checkIn.getAttribute("type")).toBe("text");
    const pickers = await user.driver.findElements(By.css('button[data-testid$="-picker"]'));
    if (!user.javaScriptEnabled) {
      expect(pickers).toHaveLength(0);
      return;
    }
    const checkInId = await checkIn.getAttribute("id");
    await user.click(user.find(`button[data-testid="${checkInId}-picker"]`));
    const today = await user.find('[data-testid="date-picker"] [aria-current="date"]');
    const todayIso = (await today.getAttribute("data-date"))!;
    // The focus is on today; a week later, chosen with Enter.
    await user.driver.actions().sendKeys(Key.ARROW_DOWN).sendKeys(Key.ENTER).perform();
    const weekLater = new Date(Date.parse(`${todayIso}T00:00:00Z`) + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await user.waitFor(
      async () => (await checkIn.getAttribute("value")) === formatDateInput(weekLater, "en"),
      `the check-in ${weekLater} in its field`,
    );
    // The focus is back on the button that opened the calendar (which Safari does not focus when
    // it is clicked), not at the page's start.
    await user.waitFor(
      () =>
        user.driver.executeScript<boolean>(
          "return document.activeElement === document.querySelector(arguments[0])",
          `button[data-testid="${checkInId}-picker"]`,
        ),
      "the focus back on the calendar button",
    );
  });

  test("in Persian: right to left, Persian words and the Jalali year", async ({ user }) => {
    await user.signIn();
    await user.click(user.button("فارسی"));
    await user.find('html[lang="fa"][dir="rtl"]');
    await user.hydrated();
    await user.waitForText("داشبورد", "h1");
    const jalaliYear = new Intl.DateTimeFormat("fa-IR-u-ca-persian", { year: "numeric" })
      .formatToParts(new Date())
      .find((part) => part.type === "year")!.value;
    await user.waitForText(jalaliYear);
    // The choice holds on the next page.
    await user.visit("/reservations/list");
    await user.waitForText("درخواست‌ها", "h1");
  });
});
