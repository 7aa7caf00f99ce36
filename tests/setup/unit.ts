// Unit tests talk to the in-process sandbox; the portal's env module reads these at import.
process.env.PROVIDER_API_URL ??= "http://provider.sandbox";
process.env.SESSION_DIR ??= ".data/test-sessions";
