// Gives an oracle the plain-language text `npm run qa:plan` prints as "the player sees" for its state:
//   oracles: { 'online.connected': see('the live dot is green; chat can be sent (spec §7)', ({ snapshot }) => …) }
// The oracle itself is unchanged (it is returned, with the text attached as `see`).

export interface Described {
  see?: string;
}

export function see<F extends (...args: any[]) => unknown>(text: string, oracle: F): F & Described {
  return Object.assign(oracle, { see: text });
}
