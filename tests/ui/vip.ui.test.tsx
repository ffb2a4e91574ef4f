// The VIP page's generated paths on the rendered app (issue 18 §2 on issue 13 §3: /mine/vip — the standing read,
// a reward claimed by its 领取 button, pending (领取中…), then paid (read again, "… 已存入中心钱包") or refused
// with 31022 (another device claimed it first: the page says so and reads again)).
//
// The back end is the reference server: the demo player's rewards come from the operator's level (`vip set`: every
// upgrade bonus up to the level is due), read as the operator reads them (`vip show`); "claimed elsewhere first" is
// another device of the player claiming the same reward.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { CLAIM, LOAD, vipModel } from '../machines/vip/vip.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { DEMO_PLAYER_PHONE, OtherDevice } from './accounts.ts';
import { keptLogin, login } from './wallet-support.ts';

const PAGE = '/mine/vip';
const STATUS = /^\/site\/api\/v1\/vip\/status$/;
const CLAIM_PATH = /^\/site\/api\/v1\/vip\/claim$/;

/** The page's words (src/i18n/zh-CN-vip.ts) and the server's (server/modules/vip/messages.ts). */
const TEXT = {
  heading: 'VIP 会员',
  claiming: '领取中…',
  claimed: '已领取',
  /** 31022 (docs/api.md): each reward is paid once. */
  already: '该奖励已领取，每项奖励仅发放一次',
  paid: /VIP\d+ 晋级礼金 ¥[\d,]+\.\d\d 已存入中心钱包/,
};

// ── the back end as the operator reads it ──

interface Standing {
  level: number;
  claimable: string[];
  claimed: string[];
}
let server: Standing = { level: 0, claimable: [], claimed: [] };

async function standing(b: UiBackend): Promise<Standing> {
  const text = await b.ops('vip', 'show', DEMO_PLAYER_PHONE);
  const level = Number(/: VIP(\d+)/.exec(text)![1]);
  const rewards = [...text.matchAll(/reward (\S+)\s+¥\S+\s+(claimable|claimed)/g)];
  return {
    level,
    claimable: rewards.filter((r) => r[2] === 'claimable').map((r) => r[1]!),
    claimed: rewards.filter((r) => r[2] === 'claimed').map((r) => r[1]!),
  };
}

/** Something to claim: the operator raises the level one step (its upgrade bonus becomes due). */
async function ensureClaimable(b: UiBackend) {
  const s = await standing(b);
  if (s.claimable.length > 0) return;
  expect(s.level).toBeLessThan(10);
  await b.ops('vip', 'set', DEMO_PLAYER_PHONE, String(s.level + 1), 'ui-model');
}

// ── what the page shows ──

const heading = () => expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
const claimButtons = () => screen.queryAllByRole('button', { name: /^领取 / });
const mine = (seen: UiSeen, re: RegExp) => seen.travelled.filter((c) => re.test(c.url));
const claimBodies = (seen: UiSeen) =>
  seen.backend.calls.filter((c) => CLAIM_PATH.test(c.url)).map((c) => c.body as { id: string });

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    heading();
    expect(mine(seen, STATUS).map((c) => c.method)).toEqual(['GET']);
    if (seen.event.type === `xstate.done.actor.${CLAIM}`)
      expect(document.body.textContent).toMatch(TEXT.paid);
    if (seen.event.type === `xstate.error.actor.${CLAIM}`)
      expect(document.body.textContent).toContain(TEXT.already);
  },
  loadFailed: () => {
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('加载失败'))).toBe(true);
  },
  ready: (seen) => {
    heading();
    // issue 13 §3: the level as the server computed it, and every reward due: the claimable ones with 领取.
    expect(screen.getByTestId('vip-level').textContent?.replace(/\s+/g, '')).toBe(
      `当前等级VIP${server.level}`,
    );
    expect(claimButtons()).toHaveLength(server.claimable.length);
    const items = document.querySelectorAll('[data-reward]');
    expect([...items].map((i) => i.getAttribute('data-reward')).sort()).toEqual(
      [...server.claimable, ...server.claimed].sort(),
    );
    for (const id of server.claimed)
      expect(document.querySelector(`[data-reward="${id}"]`)?.textContent).toContain(TEXT.claimed);
    if (seen.event.type === 'vip.claim') expect(mine(seen, CLAIM_PATH)).toEqual([]);
  },
  claiming: (seen) => {
    const button = screen.getByRole('button', { name: /^领取 /, busy: true });
    expect(button.textContent).toBe(TEXT.claiming);
    // One claim, naming a reward the page listed as claimable (its reason: vip-up/vip-bday/vip-month).
    expect(mine(seen, CLAIM_PATH)).toHaveLength(1);
    expect(claimBodies(seen).at(-1)!.id).toMatch(/^vip-(up|bday|month):\d+:\d+$/);
    expect(server.claimable).toContain(claimBodies(seen).at(-1)!.id);
    // While one claim is pending, no other can be pressed.
    for (const b of claimButtons()) expect(b).toHaveProperty('disabled', true);
  },
};

// ── how each event happens ──

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [`xstate.done.actor.${LOAD}`]: async (step) => {
    const none = (step.event['output'] as { rewards: Array<{ state: string }> }).rewards.every(
      (r) => r.state !== 'claimable',
    );
    if (!none) await ensureClaimable(step.backend);
    server = await standing(step.backend);
    await step.backend.release(STATUS);
  },
  [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(STATUS),
  'vip.retry': (step) => step.user.click(screen.getByRole('button', { name: '重试' })),
  'vip.claim': async (step) => {
    const button = claimButtons()[0];
    if (!button) return;
    button.focus();
    await step.user.keyboard('{Enter}');
  },
  [`xstate.done.actor.${CLAIM}`]: (step) => step.backend.release(CLAIM_PATH),
  // 31022: another device of the player claims the same reward first.
  [`xstate.error.actor.${CLAIM}`]: async (step) => {
    const id = claimBodies({ backend: step.backend } as UiSeen).at(-1)!.id;
    const answer = await new OtherDevice(step.backend).call('/site/api/v1/vip/claim', { id }, login.token);
    expect(answer.status_code, answer.message).toBe(6000);
    await step.backend.release(CLAIM_PATH);
  },
};

describeUiModel(vipModel, {
  systemId: 'vip',
  actor: (get) =>
    (get('vip')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.['vip'],
  boot: {
    'a member claiming VIP rewards': {
      skip:
        'its 31021 and no-rewards answers need a due reward to stop being due between the press and the answer; ' +
        'they are the machine model’s (tests/machines/vip/vip.model.ts) and tests/server/vip.test.ts’s',
    },
    'a member claiming the birthday gift': { path: PAGE, ...keptLogin() },
  },
  hold: [STATUS, CLAIM_PATH],
  exclude: (event) => (event.type === 'vip.pushed' ? 'the live socket stays closed in UI model tests' : null),
  drive,
  see,
});
