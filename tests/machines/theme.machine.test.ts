import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  DEFAULT_THEME,
  MAX_THEME_COUNT,
  THEMES,
  themeFromQuery,
  type Theme,
  type ThemeInput,
} from '../../machines/theme.machine.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';
import { providedTheme as provided, themeModel } from './theme.model.ts';

const select = (theme: Theme) => ({ type: 'theme.select', theme }) as const;

describeModel(themeModel.title, themeModel.machine, themeModel.graphs, themeModel.harness);

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
