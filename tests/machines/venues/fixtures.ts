// Shared data of the venues model tests (issue 11), written from the issue and the src/protocol shapes.

/** A coded refusal as the API client raises it (a BusinessError: type 'business', code, message, data). */
export const refused = (code: number, message: string, data: unknown = null) =>
  Object.assign(new Error(message), { type: 'business', code, data });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

/** The actors the machine runs now (invoked loaders; a cancelled one is gone, its fake may still be pending). */
export const running = (o: { snapshot: { children: Record<string, unknown> } }) =>
  Object.entries(o.snapshot.children)
    .filter(([, child]) => child !== undefined)
    .map(([id]) => id);
