// Unit tests talk to the in-process sandbox; the portal's env module reads these at import.
process.env.PROVIDER_API_URL ??= "http://localhost";
process.env.SESSION_DIR ??= ".data/test-sessions";
// Short, so the timeout test does not wait long.
process.env.PROVIDER_TIMEOUT_MS ??= "300";
process.env.SUPPORT_PHONE ??= "+98 21 0000 1111";
