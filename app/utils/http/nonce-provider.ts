import { createContext, useContext } from "react";

/**
 * The per-request nonce of the Content-Security-Policy, for the scripts Remix writes into the page.
 * Set on the server only: browsers hide a nonce from scripts, and after hydration none is needed.
 */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
