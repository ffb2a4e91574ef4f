// Mutation testing (issue 18 §3): the navigation policy's edge cases that the model tests leave open.
import { describe, expect, it } from 'vitest';
import { decide, redirectTarget, type PolicyFacts } from '../../../machines/navigation-policy.ts';

/** spec §2 routes. */
const HOME = '/';
const MAINTENANCE = '/other/maintenance';

describe('redirect target: only a path of this site (spec §6: a visitor logs in and comes back)', () => {
  it('keeps a plain path of this site, spaces included', () => {
    expect(redirectTarget('?redirect=%2Fmine%2Fvip')).toBe('/mine/vip');
    // A space (0x20) is an ordinary character of a path, not a control character.
    expect(redirectTarget('?redirect=%2Fhelp%2Fa%20b')).toBe('/help/a b');
  });

  it('refuses a control character anywhere in the path, not only first', () => {
    expect(redirectTarget('?redirect=%2Fa%01b')).toBe(HOME);
    expect(redirectTarget('?redirect=%2Fmine%1F')).toBe(HOME);
    expect(redirectTarget('?redirect=%2Fa%09%2Fevil.example')).toBe(HOME);
  });

  it('refuses a backslash later in the path and a second leading slash or backslash', () => {
    expect(redirectTarget('?redirect=%2Fa%5Cb')).toBe(HOME);
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe(HOME);
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBe(HOME);
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe(HOME);
    expect(redirectTarget('')).toBe(HOME);
  });
});

describe('pages bound to a site condition (spec §2 maintenance and restriction pages, §4)', () => {
  const facts = (over: Partial<PolicyFacts>): PolicyFacts => ({
    access: 'public',
    path: '/',
    search: '',
    login: 'anonymous',
    endedHere: false,
    gate: { settled: true, maintenance: false, restricted: false, alert: false },
    ...over,
  });

  it('the maintenance page while the site is up sends the player home', () => {
    expect(decide(facts({ onlyWhen: 'maintenance', path: MAINTENANCE }))).toEqual({
      kind: 'redirect',
      to: HOME,
    });
  });

  it('the maintenance page renders while the site is maintained; any other page goes there', () => {
    const gate = { settled: true, maintenance: true, restricted: false, alert: false };
    expect(decide(facts({ onlyWhen: 'maintenance', path: MAINTENANCE, gate }))).toEqual({ kind: 'render' });
    expect(decide(facts({ path: '/game/chess', gate }))).toEqual({ kind: 'redirect', to: MAINTENANCE });
  });

  it('the maintenance page is not judged before the pre-info is known', () => {
    const gate = { settled: false, maintenance: false, restricted: false, alert: false };
    expect(decide(facts({ onlyWhen: 'maintenance', path: MAINTENANCE, gate }))).toEqual({ kind: 'render' });
  });
});
