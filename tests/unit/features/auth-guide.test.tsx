import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { InviteParams } from '../../../src/protocol/member.ts';
import { renderApp } from '../app/harness.tsx';

afterEach(cleanup);

const GUIDE = '/registerGuide';

async function renderGuide(inviteCodes: InviteParams = {}) {
  const view = renderApp(GUIDE, { input: { session: { inviteCodes } } });
  await screen.findByRole('heading', { level: 1, name: t.auth.guideTitle });
  return { ...view, guide: screen.getByRole('region', { name: t.auth.guideTitle }) };
}

describe('register guide', () => {
  it('shows the subtitle and every point, in order', async () => {
    const { guide } = await renderGuide();
    expect(within(guide).getByText(t.auth.guideSubtitle)).toBeTruthy();
    const points = within(within(guide).getByRole('list')).getAllByRole('listitem');
    expect(points.map((li) => li.textContent)).toEqual([...t.auth.guidePoints]);
    expect(points).toHaveLength(4);
  });

  it('links to the register page and to the login page', async () => {
    const { guide } = await renderGuide();
    expect(within(guide).getByRole('link', { name: t.auth.guideCta }).getAttribute('href')).toBe(
      '/user/register',
    );
    expect(within(guide).getByRole('link', { name: t.auth.guideLogin }).getAttribute('href')).toBe(
      '/user/login',
    );
  });

  it('says nothing about an invitation without a code', async () => {
    const { guide } = await renderGuide();
    expect(within(guide).queryByText(/邀请码/)).toBeNull();
  });

  it.each<[string, InviteParams, string]>([
    ['i_code', { i_code: 'ICODE1' }, 'ICODE1'],
    ['r_code over i_code', { r_code: 'RCODE1', i_code: 'ICODE1' }, 'RCODE1'],
    ['invite_code', { invite_code: 'INV001' }, 'INV001'],
  ])('names the invite code (%s)', async (_, codes, shown) => {
    const { guide } = await renderGuide(codes);
    expect(within(guide).getByText(t.auth.guideInvited(shown))).toBeTruthy();
  });

  it('the register link opens the register page with the invite code filled in', async () => {
    const { guide, router } = await renderGuide({ i_code: 'ICODE1' });
    await userEvent.click(within(guide).getByRole('link', { name: t.auth.guideCta }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/register'));
    const invite = await screen.findByRole('textbox', { name: t.auth.inviteCode });
    expect((invite as HTMLInputElement).value).toBe('ICODE1');
  });
});
