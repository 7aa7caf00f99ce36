import { createHash } from "node:crypto";
import { connect, createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startPostgresServer } from "#tests/postgres-server";
import { freePort } from "../../../deploy/cluster";
import { migrate } from "../../../server/migrate";

/**
 * The portal's own store on a real PostgreSQL server (Debian's, which `npm test` installs): the
 * migrations under their lock, and the shared offers' rules as the SQL keeps them.
 */

let server: Awaited<ReturnType<typeof startPostgresServer>>;
let databaseUrl: string;
let store: typeof import("./shared-offers.server");
let admin: pg.Client;

const OFFER = {
  agencyName: "Parsian Travel",
  hotel: { name: "Espinas Palace", grade: 5, place: "Tehran" },
  checkIn: "2099-05-01",
  checkOut: "2099-05-04",
  rooms: [
    { roomType: "Double", board: "BB", view: "City", guests: [{ type: "mainGuest", count: 2 }] },
  ],
  price: { amount: 1200, currency: "EUR", sign: "€" },
  language: "both" as const,
  pricedAt: "2026-11-29T10:00:00.000Z",
};

beforeAll(async () => {
  server = await startPostgresServer();
  databaseUrl = await server.createDatabase("unit");
  vi.stubEnv("DATABASE_URL", databaseUrl);
  vi.resetModules();
  store = await import("./shared-offers.server");
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
}, 30_000);

afterAll(async () => {
  await admin?.end();
  await server?.stop();
  vi.unstubAllEnvs();
});

describe("migrations", () => {
  test("two instances migrating at once apply each migration once; again, nothing", async () => {
    const fresh = await server.createDatabase("twice", { migrated: false });
    const [first, second] = await Promise.all([migrate(fresh), migrate(fresh)]);
    expect([...first, ...second].sort()).toEqual([
      "0001-agency-branding-and-shared-offers",
      "0002-clerk-offer-defaults",
    ]);
    expect(await migrate(fresh)).toEqual([]);
  });

  test("a server that is not taking connections yet is waited for, as in a deployment's first seconds", async () => {
    const fresh = new URL(await server.createDatabase("waited", { migrated: false }));
    const realPort = Number(fresh.port);
    // Nothing listens on this port at first (connections refused); then it leads to the server.
    fresh.port = String(await freePort());
    const migrating = migrate(fresh.href);
    await new Promise((done) => setTimeout(done, 1500));
    const opening = createServer((socket) => {
      const upstream = connect(realPort, "127.0.0.1");
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    });
    await new Promise<void>((done) => opening.listen(Number(fresh.port), "127.0.0.1", done));
    try {
      expect(await migrating).toHaveLength(2);
    } finally {
      opening.close();
    }
  });
});

describe("a clerk's offer defaults", () => {
  test("kept for that clerk of that agency, and changed in place", async () => {
    const defaults = await import("./offer-defaults.server");
    await defaults.keepOfferDefaults(1, "demo", { kind: "percent", value: 12.5 }, "both");
    await defaults.keepOfferDefaults(1, "demo", { kind: "amount", value: 25 }, "fa");
    expect(await defaults.getOfferDefaults(1, "demo")).toEqual({
      markup: { kind: "amount", value: 25 },
      language: "fa",
    });
    expect(await defaults.getOfferDefaults(2, "demo")).toBeNull();
    expect(await defaults.getOfferDefaults(1, "agent2")).toBeNull();
  });
});

describe("shared offers", () => {
  test("the store keeps the token's SHA-256 only; the link opens the offer and counts it", async () => {
    const token = await store.shareOffer(1, "demo", "Rezaei", OFFER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await admin.query("SELECT token_sha256, offer::text FROM shared_offers");
    expect(rows.rows[0].token_sha256).toEqual(createHash("sha256").update(token).digest());
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    const opened = await store.openSharedOffer(token);
    expect(opened).toMatchObject({ state: "open", preparedFor: "Rezaei", offer: OFFER });
    await store.openSharedOffer(token);
    const [listed] = await store.listSharedOffers(1);
    expect(listed).toMatchObject({ opened_count: 2, open: true, created_by: "demo" });
  });

  test("a malformed or unknown token is missing; a withdrawn or expired offer has ended", async () => {
    expect(await store.openSharedOffer("nope")).toEqual({ state: "missing" });
    expect(await store.openSharedOffer("a".repeat(43))).toEqual({ state: "missing" });
    const withdrawn = await store.shareOffer(1, "demo", null, OFFER);
    const [row] = (await store.listSharedOffers(1)).filter((each) => each.prepared_for === null);
    expect(await store.withdrawSharedOffer(row.id, 1)).toBe(true);
    expect(await store.openSharedOffer(withdrawn)).toEqual({ state: "ended" });
    expect(await store.logoOfSharedOffer(withdrawn)).toBeNull();

    // An offer ends at its check-out day's end even within its 60 days.
    const past = await store.shareOffer(1, "demo", "Past", { ...OFFER, checkOut: "2020-01-02" });
    expect(await store.openSharedOffer(past)).toEqual({ state: "ended" });
    // And 60 days after it was shared, whatever its check-out.
    const [shared] = (await store.listSharedOffers(1)).filter(
      (each) => each.prepared_for === "Past",
    );
    expect(shared.expires_at.getTime()).toBeLessThan(Date.now());
    const late = await store.shareOffer(1, "demo", "Late", OFFER);
    const [lateRow] = (await store.listSharedOffers(1)).filter(
      (each) => each.prepared_for === "Late",
    );
    const days = (lateRow.expires_at.getTime() - lateRow.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
    expect((await store.openSharedOffer(late)).state).toBe("open");
    // A stay the provider gave no check-out: the 60 days alone.
    const undated = await store.shareOffer(1, "demo", "Undated", { ...OFFER, checkOut: "" });
    expect((await store.openSharedOffer(undated)).state).toBe("open");
  });

  test("another agency can neither list nor withdraw an agency's offer", async () => {
    const token = await store.shareOffer(1, "demo", "Mine", OFFER);
    const [mine] = (await store.listSharedOffers(1)).filter((each) => each.prepared_for === "Mine");
    expect((await store.listSharedOffers(2)).map((each) => each.id)).not.toContain(mine.id);
    expect(await store.withdrawSharedOffer(mine.id, 2)).toBe(false);
    expect(await store.withdrawSharedOffer("1; DROP TABLE shared_offers", 2)).toBe(false);
    expect((await store.openSharedOffer(token)).state).toBe("open");
  });
});
