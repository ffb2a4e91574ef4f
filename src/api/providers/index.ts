// The site's sports-provider adapters (issue 11 §3; spec §3, §4, §7, §8): envelopes, stored parameters, calls,
// the counts call, the re-fetch of the shared parameters and the retry of the calls that met their expiry.
export * from './envelope.ts';
export * from './session-store.ts';
export * from './request.ts';
export * from './counts.ts';
export * from './params.ts';
export * from './refresh.ts';
