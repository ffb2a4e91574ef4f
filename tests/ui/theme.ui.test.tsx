// The theme machine's generated paths on the rendered app (issue 18 §2; spec §2 theme query, §9 two themes).
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { themeModel } from '../machines/theme.model.ts';
import { describeUiModel, type UiSeen } from '../support/ui-model.tsx';

/** spec §3 local items: the theme the player picked is kept on the device under this key. */
const THEME_KEY = 'theme';
/** The toggle's accessible name (zh-CN catalogue): it offers the other theme. */
const OFFER = { default: '切换为星空主题', space: '切换为经典主题' } as const;

/**
 * spec §2/§9: the page is in the theme (the document carries it), the one toggle in the header offers the other
 * theme, and a theme the URL or the player chose is kept on the device for the next visit.
 */
function shows(theme: 'default' | 'space') {
  return ({ input, history }: UiSeen) => {
    expect(document.documentElement.dataset['theme']).toBe(theme);
    expect(screen.getByRole('button', { name: OFFER[theme] })).toBeTruthy();
    const chosen = history.length > 0 || input.query !== null;
    const kept = localStorage.getItem(THEME_KEY);
    if (chosen) expect(kept && JSON.parse(kept)).toBe(theme);
    else expect(kept && JSON.parse(kept)).toBe(input.stored);
  };
}

describeUiModel(themeModel, {
  systemId: 'theme',
  boot: {
    'fresh visitor': { path: '/' },
    'query theme=1 over a stored space': { path: '/?theme=1', storage: { [THEME_KEY]: 'space' } },
    'query theme=2': { path: '/?theme=2' },
    'stored space': { path: '/', storage: { [THEME_KEY]: 'space' } },
  },
  drive: {
    // The player presses the header's theme toggle.
    'theme.select': async ({ user }) => {
      const toggle = await screen.findByRole('button', { name: /切换为/ });
      await user.click(toggle);
    },
  },
  cannot: (event, snapshot) =>
    (event as { theme?: string }).theme === snapshot.value
      ? 'the toggle only offers the theme not shown'
      : null,
  maxWalk: 0,
  see: { default: shows('default'), space: shows('space') },
});
