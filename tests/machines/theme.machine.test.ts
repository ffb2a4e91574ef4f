import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  DEFAULT_THEME,
  MAX_THEME_COUNT,
  THEMES,
  themeFromQuery,
  themeMachine,
  type Theme,
  type ThemeInput,
} from '../../machines/theme.machine.ts';
import { describeModel, Fakes, type OracleArgs } from '../support/model-paths.ts';

const select = (theme: Theme) => ({ type: 'theme.select', theme }) as const;
const EVENTS = [select('default'), select('space')];

const provided = (fakes: Fakes) =>
  themeMachine.provide({ actions: fakes.actions('applyTheme', 'persistTheme') });

describeModel(
  'theme',
  themeMachine,
  [
    { name: 'fresh visitor', input: { stored: null, query: null }, events: EVENTS },
    { name: 'query theme=1 over a stored space', input: { stored: 'space', query: '1' }, events: EVENTS },
    { name: 'query theme=2', input: { stored: null, query: '2' }, events: EVENTS },
    { name: 'stored space', input: { stored: 'space', query: null }, events: EVENTS },
  ],
  {
    logic: provided,
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
);

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

function start(input: ThemeInput) {
  const fakes = new Fakes();
  const actor = createActor(provided(fakes), { input }).start();
  return { actor, fakes };
}

describe('theme edge cases', () => {
  it('has two themes, default first (spec §9)', () => {
    expect(THEMES).toEqual(['default', 'space']);
    expect(MAX_THEME_COUNT).toBe(2);
    expect(DEFAULT_THEME).toBe('default');
  });

  it('reads query 1 as default and anything else as space (spec §2)', () => {
    expect(themeFromQuery('1')).toBe('default');
    for (const raw of ['2', '', '0', 'default', ' 1', '01']) expect(themeFromQuery(raw)).toBe('space');
  });

  it("query '1' applies and persists the default theme, over a stored space", () => {
    const { actor, fakes } = start({ stored: 'space', query: '1' });
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls).toEqual([
      { name: 'persistTheme', params: { theme: 'default' } },
      { name: 'applyTheme', params: { theme: 'default' } },
    ]);
  });

  it.each(['2', '', 'space'])("query '%s' applies and persists the space theme", (query) => {
    const { actor, fakes } = start({ stored: 'default', query });
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.called('persistTheme')).toEqual([{ theme: 'space' }]);
    expect(fakes.called('applyTheme')).toEqual([{ theme: 'space' }]);
  });

  it('restores a stored space theme without persisting it again', () => {
    const { actor, fakes } = start({ stored: 'space', query: null });
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.calls).toEqual([{ name: 'applyTheme', params: { theme: 'space' } }]);
  });

  it('starts on the default theme with nothing stored, persisting nothing', () => {
    const { actor, fakes } = start({ stored: null, query: null });
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls).toEqual([{ name: 'applyTheme', params: { theme: 'default' } }]);
  });

  it('selecting the current theme applies and persists nothing', () => {
    const { actor, fakes } = start({ stored: 'space', query: null });
    actor.send(select('space'));
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.calls).toEqual([{ name: 'applyTheme', params: { theme: 'space' } }]);

    const other = start({ stored: null, query: null });
    other.actor.send(select('default'));
    expect(other.actor.getSnapshot().value).toBe('default');
    expect(other.fakes.called('persistTheme')).toEqual([]);
    expect(other.fakes.called('applyTheme')).toHaveLength(1);
  });

  it('selecting the other theme persists it, then applies it', () => {
    const { actor, fakes } = start({ stored: null, query: null });
    actor.send(select('space'));
    actor.send(select('default'));
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls.slice(1)).toEqual([
      { name: 'persistTheme', params: { theme: 'space' } },
      { name: 'applyTheme', params: { theme: 'space' } },
      { name: 'persistTheme', params: { theme: 'default' } },
      { name: 'applyTheme', params: { theme: 'default' } },
    ]);
  });
});
