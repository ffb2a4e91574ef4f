import { not, setup } from 'xstate';

// spec §2, §9: theme query 1 = default, anything else = space; two themes; default 'default'.
export const THEMES = ['default', 'space'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'default';
export const MAX_THEME_COUNT = THEMES.length;
export const THEME_QUERY_DEFAULT = '1';

export function themeFromQuery(raw: string): Theme {
  return raw === THEME_QUERY_DEFAULT ? 'default' : 'space';
}

export type ThemeEvent = { type: 'theme.select'; theme: Theme };

export interface ThemeInput {
  /** The theme kept from an earlier visit, if any. */
  stored: Theme | null;
  /** The `theme` query parameter of the landing URL (spec §2), read once at boot; it wins and is kept. */
  query: string | null;
}

/** The site theme: applied to the page on entry, kept across visits when the player (or the URL) picks one. */
export const themeMachine = setup({
  types: {} as { context: ThemeInput; events: ThemeEvent; input: ThemeInput },
  actions: {
    /** Applies the theme to the page (`<html data-theme>`): provided at composition. */
    applyTheme: (_, _params: { theme: Theme }) => {},
    /** Keeps the theme for the next visit: provided at composition. */
    persistTheme: (_, _params: { theme: Theme }) => {},
  },
  guards: {
    querySpace: ({ context }) => context.query !== null && themeFromQuery(context.query) === 'space',
    queryDefault: ({ context }) => context.query !== null && themeFromQuery(context.query) === 'default',
    storedSpace: ({ context }) => context.stored === 'space',
    picksSpace: ({ event }) => event.theme === 'space',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        {
          guard: 'querySpace',
          target: 'space',
          actions: { type: 'persistTheme', params: { theme: 'space' } },
        },
        {
          guard: 'queryDefault',
          target: 'default',
          actions: { type: 'persistTheme', params: { theme: 'default' } },
        },
        { guard: 'storedSpace', target: 'space' },
        { target: 'default' },
      ],
    },
    default: {
      entry: { type: 'applyTheme', params: { theme: 'default' } },
      on: {
        'theme.select': {
          guard: 'picksSpace',
          target: 'space',
          actions: { type: 'persistTheme', params: { theme: 'space' } },
        },
      },
    },
    space: {
      entry: { type: 'applyTheme', params: { theme: 'space' } },
      on: {
        'theme.select': {
          guard: not('picksSpace'),
          target: 'default',
          actions: { type: 'persistTheme', params: { theme: 'default' } },
        },
      },
    },
  },
});
