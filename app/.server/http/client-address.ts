import { createContext } from "react-router";

/**
 * The visitor's IP address, as server.ts saw it (the socket's peer, or the proxy's X-Forwarded-For when
 * TRUST_PROXY is set). Rate limits key on it; a request header alone is never trusted for it.
 */
export const clientAddressContext = createContext<string>("unknown");
