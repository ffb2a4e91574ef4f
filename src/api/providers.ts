// The provider envelopes moved to src/api/providers/ (issue 11 §3, the site's provider adapters); this module
// keeps the old import path working for the API client and its tests.
export * from './providers/envelope.ts';
