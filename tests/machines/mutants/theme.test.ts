// Mutation testing (issue 18 §3): the theme switcher (spec §2 query theme: 1 = default, anything else = space;
// §3 themes default and space; §9 default 'default'), each choice checked with what is applied and kept.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine, type ThemeInput } from '../../../machines/theme.machine.ts';
import { Fakes } from '../../support/model-paths.ts';

function start(input: ThemeInput) {
  const fakes = new Fakes();
  const actor = createActor(themeMachine.provide({ actions: fakes.actions('applyTheme', 'persistTheme') }), {
    input,
  }).start();
  return { actor, fakes };
}

describe('theme at boot', () => {
  it('a stored space theme with no query stays space and is not written again', () => {
    const { actor, fakes } = start({ stored: 'space', query: null });
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.calls).toEqual([{ name: 'applyTheme', params: { theme: 'space' } }]);
  });

  it('no stored theme and no query: the default theme, nothing kept (spec §9)', () => {
    const { actor, fakes } = start({ stored: null, query: null });
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls).toEqual([{ name: 'applyTheme', params: { theme: 'default' } }]);
  });

  it('query 1 over a stored space: default, kept for the next visit (spec §2)', () => {
    const { actor, fakes } = start({ stored: 'space', query: '1' });
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls).toEqual([
      { name: 'persistTheme', params: { theme: 'default' } },
      { name: 'applyTheme', params: { theme: 'default' } },
    ]);
  });

  it('any other query over a stored default: space, kept (spec §2)', () => {
    const { actor, fakes } = start({ stored: 'default', query: '2' });
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.calls).toEqual([
      { name: 'persistTheme', params: { theme: 'space' } },
      { name: 'applyTheme', params: { theme: 'space' } },
    ]);
  });
});

describe('the player picks a theme', () => {
  it('default while on space: default applied and kept', () => {
    const { actor, fakes } = start({ stored: 'space', query: null });
    fakes.calls.length = 0;
    actor.send({ type: 'theme.select', theme: 'default' });
    expect(actor.getSnapshot().value).toBe('default');
    expect(fakes.calls).toEqual([
      { name: 'persistTheme', params: { theme: 'default' } },
      { name: 'applyTheme', params: { theme: 'default' } },
    ]);
  });

  it('space while on space, or default while on default: nothing happens', () => {
    const a = start({ stored: 'space', query: null });
    a.fakes.calls.length = 0;
    a.actor.send({ type: 'theme.select', theme: 'space' });
    expect(a.actor.getSnapshot().value).toBe('space');
    expect(a.fakes.calls).toEqual([]);

    const b = start({ stored: null, query: null });
    b.fakes.calls.length = 0;
    b.actor.send({ type: 'theme.select', theme: 'default' });
    expect(b.actor.getSnapshot().value).toBe('default');
    expect(b.fakes.calls).toEqual([]);
  });

  it('space while on default: space applied and kept', () => {
    const { actor, fakes } = start({ stored: null, query: null });
    fakes.calls.length = 0;
    actor.send({ type: 'theme.select', theme: 'space' });
    expect(actor.getSnapshot().value).toBe('space');
    expect(fakes.calls).toEqual([
      { name: 'persistTheme', params: { theme: 'space' } },
      { name: 'applyTheme', params: { theme: 'space' } },
    ]);
  });
});
