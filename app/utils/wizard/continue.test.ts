import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { describe, expect, test, vi } from "vitest";
import { arrivesWithItsData, continueWithItsData, dataBroughtFor } from "./continue";

const ROOMS = "/reservations/new/rooms";
const at = (path: string) => new URL(path, "https://portal.test");
/** A clientLoader's arguments for a move to `path`, with a server that answers "server". */
function loading(path: string) {
  const serverLoader = vi.fn(async () => "server");
  const args = {
    request: new Request(at(path)),
    serverLoader,
  } as unknown as ClientLoaderFunctionArgs;
  return { args, serverLoader };
}
const continued = () => ({ continued: { to: ROOMS, frame: "frame", step: "rooms" } });

describe("a Continue that brings the next step", () => {
  test("moves to the step, whose frame and step take the data once, without the server", async () => {
    const answer = await continueWithItsData(async () => continued());
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(ROOMS);
    expect(arrivesWithItsData(at(ROOMS))).toBe(true);

    const frame = loading(ROOMS);
    const step = loading(ROOMS);
    expect(await dataBroughtFor("frame")(frame.args)).toBe("frame");
    expect(await dataBroughtFor("step")(step.args)).toBe("rooms");
    expect(frame.serverLoader).not.toHaveBeenCalled();
    expect(step.serverLoader).not.toHaveBeenCalled();

    // Taken: the next move to the same page (a language switch) reads the server.
    expect(arrivesWithItsData(at(ROOMS))).toBe(false);
    const again = loading(ROOMS);
    expect(await dataBroughtFor("step")(again.args)).toBe("server");
  });

  test("any other answer is the step's own", async () => {
    const reply = { status: "error", error: { checkIn: ["validation.required"] } };
    expect(await continueWithItsData(async () => reply)).toBe(reply);
    expect(arrivesWithItsData(at(ROOMS))).toBe(false);
  });

  test("data no move took is forgotten at the next move elsewhere", async () => {
    await continueWithItsData(async () => continued());
    // The clerk clicked another page while the answer came.
    expect(arrivesWithItsData(at("/dashboard"))).toBe(false);
    expect(arrivesWithItsData(at(ROOMS))).toBe(false);
    const later = loading(ROOMS);
    expect(await dataBroughtFor("step")(later.args)).toBe("server");
    expect(later.serverLoader).toHaveBeenCalledOnce();
  });
});
