/**
 * Every secret that passed between the portal and the sandbox since the sandbox started: the tokens
 * it issued and the passwords it was sent. Kept across resets, so that at the end of a test run the
 * portal's whole log can be searched for each of them (tests/e2e/fixtures.ts). Read through
 * /__sandbox/secrets.
 */
export class SecretsSeen {
  private readonly seen = new Set<string>();

  add(...values: Array<string | null | undefined>) {
    for (const value of values) if (value) this.seen.add(value);
  }

  list() {
    return [...this.seen];
  }
}
