/// <reference types="vite/client" />

/** The signature map compiled in at build time (spec §7 X-API-XXX); empty when the build had none. */
declare const __API_SIGN_MAP__: Record<string, string>;
