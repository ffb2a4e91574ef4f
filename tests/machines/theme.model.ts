// The theme machine's model (spec §2, §9): graphs, transition table and per-state oracles, shared by its model
// test (theme.machine.test.ts) and its UI model test (tests/ui/theme.ui.test.tsx).
import { expect } from 'vitest';
import { themeMachine, type Theme, type ThemeInput } from '../../machines/theme.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../support/model-paths.ts';

const select = (theme: Theme) => ({ type: 'theme.select', theme }) as const;
const EVENTS = [select('default'), select('space')];

export const providedTheme = (fakes: Fakes) =>
  themeMachine.provide({ actions: fakes.actions('applyTheme', 'persistTheme') });

/**
 * The page shows the theme it is in, applied once on entering it; a theme the URL or the player picks is
 * kept for the next visit (persisted once), a kept one is not written again.
 */
function themeOracle(theme: Theme) {
  return ({ effects, event, previous, input, index }: OracleArgs) => {
    const { query } = input as ThemeInput;
    const entered = index === 0 || previous.value !== theme;
    const persisted = index === 0 ? query !== null : entered;
    expect(effects.actions).toEqual([
      ...(persisted ? [{ name: 'persistTheme', params: { theme } }] : []),
      ...(entered ? [{ name: 'applyTheme', params: { theme } }] : []),
    ]);
    if (event.type === 'theme.select') expect((event as unknown as { theme: Theme }).theme).toBe(theme);
  };
}

export const themeModel: MachineModel<typeof themeMachine> = {
  title: 'theme',
  machine: themeMachine,
  graphs: [
    { name: 'fresh visitor', input: { stored: null, query: null }, events: EVENTS },
    { name: 'query theme=1 over a stored space', input: { stored: 'space', query: '1' }, events: EVENTS },
    { name: 'query theme=2', input: { stored: null, query: '2' }, events: EVENTS },
    { name: 'stored space', input: { stored: 'space', query: null }, events: EVENTS },
  ],
  harness: {
    logic: providedTheme,
    // spec §2: theme query 1 = default theme, anything else = space; without a query the kept theme (spec §9:
    // default 'default').
    initial: ({ stored, query }: ThemeInput) =>
      query !== null ? (query === '1' ? 'default' : 'space') : stored === 'space' ? 'space' : 'default',
    transitions: {
      default: { 'theme.select': ({ event }) => (event['theme'] === 'space' ? 'space' : 'default') },
      space: { 'theme.select': ({ event }) => (event['theme'] === 'space' ? 'space' : 'default') },
    },
    oracles: { default: themeOracle('default'), space: themeOracle('space') },
  },
};
