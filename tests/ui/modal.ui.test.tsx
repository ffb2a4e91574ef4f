// One dialog's generated paths on the rendered app (issue 18 §2; spec §2 shared modal dialogs, §4 modal buttons,
// §8 10102, §9 leave animation 300 ms): the dialogs a player meets — the home page's pop-up activity, the
// device-blocked notice, the demo page's countdown confirm and stacked dialog — opened the way they open in life.
// A dialog has no systemId (the host spawns it): the test finds it through the host (tests/machines/modal.model.ts
// `withProbe`, a stand-in registered in the app's system until the framework can be told how to find an actor).
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type * as AppMachineModule from '../../machines/app.machine.ts';
import type { AppEffects } from '../../machines/app.machine.ts';
import type { OpenModal } from '../../machines/modal-host.machine.ts';
import type { ModalSpec } from '../../machines/modal-types.ts';
import { fetchNoticeList } from '../../src/api/site/notice-list.ts';
import { getDeviceId } from '../../src/platform/device-id.ts';
import {
  BLOCKED_NOTICE,
  DEMO_COUNTDOWN,
  DEMO_STACKED,
  HOME_POP,
  MODAL_APP_GRAPHS,
  modalModel,
  PROBE_ID,
  probe,
} from '../machines/modal.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiBoot, type UiSeen, type UiStep } from '../support/ui-model.tsx';

vi.mock('../../machines/app.machine.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof AppMachineModule>();
  const { withProbe } = await import('../machines/modal.model.ts');
  return { ...actual, createAppMachine: (fx: AppEffects) => withProbe(actual.createAppMachine(fx)) };
});

/** spec §4, §9: a countdown ticks every 1 s. */
const COUNTDOWN_TICK_MS = 1_000;

/** What the player reads of each dialog (zh-CN catalogue, the seeded pop-up, the server's message). */
const SHOWN: Record<
  string,
  { role: 'dialog' | 'alertdialog'; title: string; text: string; buttons: string[]; atOpen?: string[] }
> = {
  [HOME_POP.key]: {
    role: 'dialog',
    title: '签到日历 天天有礼',
    text: '每日签到领取彩金，连续签到 7 天额外赠送神秘大奖。',
    buttons: ['关闭', '立即参与'],
  },
  // spec §2: the default alert title is the friendly-notice title with a single OK button; spec §8: the message.
  [BLOCKED_NOTICE.key]: {
    role: 'alertdialog',
    title: '温馨提示',
    text: '您的设备已被限制访问，如有疑问请联系客服',
    buttons: ['确定'],
  },
  [DEMO_COUNTDOWN.key]: {
    role: 'dialog',
    title: '确认操作',
    text: '请仔细阅读以上内容，倒计时结束后方可确认。',
    buttons: ['取消', '我已阅读'],
    // The demo's 我已阅读 counts down from 5 s (spec §4: the label shows the remaining seconds).
    atOpen: ['取消', '我已阅读（5s）'],
  },
  [DEMO_STACKED.key]: {
    role: 'dialog',
    title: '第一层弹窗',
    text: '点击「再打开一个」会在上面叠加第二个弹窗；两个都关闭后页面才能重新滚动。',
    buttons: ['关闭', '再打开一个'],
  },
};

/** Where a button takes the player (spec §8 10102: OK goes to login; the pop-up's link: the seeded activity). */
const GOES_TO: Record<string, Array<string | null>> = {
  [HOME_POP.key]: [null, '/activity/calendar'],
  [BLOCKED_NOTICE.key]: ['/user/login'],
  [DEMO_COUNTDOWN.key]: [null, null],
  [DEMO_STACKED.key]: [null, null],
};

const specOf = (input: unknown) => (input as { spec: ModalSpec }).spec;
const hostOf = (system: { get: (id: string) => AnyActorRef | undefined }) =>
  (system.get('modals')?.getSnapshot().context.modals ?? []) as OpenModal[];

/** The dialog of the graph on the page (exposed or covered), or null. */
function dialogOn(key: string): HTMLElement | null {
  const shown = SHOWN[key]!;
  return (
    [...document.querySelectorAll<HTMLElement>(`[role="${shown.role}"]`)].find(
      (d) => d.querySelector('h2')?.textContent === shown.title,
    ) ?? null
  );
}

// ───────────── opening the dialog: how the player comes to meet it ─────────────

let backendNow: UiBackend | null = null;

/** Arms the stand-in for the graph's dialog, and what the player does for it to open once the page is up. */
function meets(key: string, path: string, arrive?: () => Promise<void>): UiBoot {
  return {
    path,
    backend: async (backend) => {
      backendNow = backend;
      probe.find = (system) => hostOf(system).find((m) => m.key === key)?.ref;
      probe.arrive = arrive ?? null;
    },
  };
}

/** The player presses one of the demo page's examples. */
const demo = (name: string) => async () => {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name }, { timeout: 5_000 }));
};

/** An operator blocks this device (spec §8 10102); the page's next call is refused; the block is lifted. */
async function deviceBlocked() {
  await screen.findByRole('heading', { name: '弹窗演示' }, { timeout: 5_000 });
  const uuid = getDeviceId();
  await backendNow!.ops('device', 'block', uuid);
  await fetchNoticeList(1).catch(() => undefined);
  await backendNow!.ops('device', 'unblock', uuid);
}

// ───────────── the graph's events on the page ─────────────

/** The host's stack as the page has it: the graph's dialog, and whether it is the top one. */
function place(snapshot: AnyMachineSnapshot, app: AnyActorRef | null) {
  const modals = app ? hostOf(app.system) : [];
  const key = (snapshot.context as { spec?: ModalSpec }).spec?.key;
  const at = modals.findIndex((m) => m.key === key);
  return { top: at >= 0 && at === modals.length - 1 };
}

let appNow: AnyActorRef | null = null;

function button(actor: AnyActorRef, index: number): AnyMachineSnapshot {
  return (actor.getSnapshot().context.buttonRefs as AnyActorRef[])[
    index
  ]!.getSnapshot() as AnyMachineSnapshot;
}

/** What the player sees in each state; keeps the app actor for `cannot`. */
function seeing(check: (seen: UiSeen, key: string) => void) {
  return (seen: UiSeen) => {
    appNow = seen.app;
    check(seen, specOf(seen.input).key);
  };
}

const onThePage: MachineModel = { ...modalModel, graphs: [...modalModel.graphs, ...MODAL_APP_GRAPHS] };
const BARE = 'no page opens this dialog (a spec written for the bare machine); the app’s dialogs follow';

beforeAll(async () => {
  // The areas load lazily: loaded once here, a dialog opens as soon after the page as it does for a player.
  await import('../../src/features/home/area.ts');
  await import('../../src/features/demo/area.ts');
});

describeUiModel(onThePage, {
  systemId: PROBE_ID,
  boot: {
    'one button, default leave': { skip: BARE },
    'plain, stayOpen and closeAll buttons, 120 ms leave': { skip: BARE },
    'two buttons, 1 s leave': { skip: BARE },
    // The home page opens its pop-up activity when its content arrives.
    'the home page’s pop-up activity': meets(HOME_POP.key, '/'),
    'the device-blocked notice (spec §8 10102)': meets(BLOCKED_NOTICE.key, '/demo', deviceBlocked),
    'the demo page’s countdown confirm': meets(DEMO_COUNTDOWN.key, '/demo', demo('倒计时确认框')),
    'the demo page’s stacked dialog': meets(DEMO_STACKED.key, '/demo', demo('叠加弹窗')),
  },
  drive: {
    // The player presses the button (a counting one after waiting out its countdown, spec §4).
    'modal.buttonClicked': async ({ actor, clock, event, input, user }: UiStep) => {
      const index = event['index'] as number;
      const remaining = button(actor, index).context['remaining'] as number;
      if (button(actor, index).value === 'counting')
        await act(async () => {
          for (let i = 0; i < remaining; i++) clock.increment(COUNTDOWN_TICK_MS);
          await Promise.resolve();
        });
      const key = specOf(input).key;
      const dialog = dialogOn(key)!;
      const label = SHOWN[key]!.buttons[index]!;
      await user.click(within(dialog).getByRole('button', { name: label }));
    },
    // The player clicks the dialog's close icon.
    'modal.close': async ({ input, user }) => {
      await user.click(within(dialogOn(specOf(input).key)!).getByRole('button', { name: '关闭弹窗' }));
    },
    // The browser goes to another page (back or forward in its history): the dialog's page is left.
    'modal.drop': async () => {
      await act(async () => {
        window.history.pushState(null, '', '/game/chess');
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        await Promise.resolve();
      });
    },
  },
  cannot: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => {
    if (snapshot.value === 'closed') return 'the dialog is gone from the page';
    const spec = snapshot.context['spec'] as ModalSpec;
    const { top } = place(snapshot, appNow);
    switch (event.type) {
      case 'modal.buttonClicked': {
        if (!top) return 'the dialog is covered by the one above it';
        const b = (snapshot.context['buttonRefs'] as AnyActorRef[])[event['index'] as number]!.getSnapshot();
        if (b.value === 'cooling')
          return 'the button was just clicked (350 ms debounce): the click reaches no dialog';
        if (b.value === 'counting' && snapshot.value !== 'open')
          return 'the button counts down (disabled) while the dialog leaves';
        return null;
      }
      case 'modal.close':
        if (spec.closable === false) return 'the dialog has no close icon';
        return top ? null : 'the dialog is covered by the one above it';
      case 'modal.drop':
        if (spec.route === undefined) return 'the dialog belongs to no page: leaving a page keeps it';
        return window.location.pathname === spec.route
          ? null
          : 'the player has left the dialog’s page already';
      default:
        return null;
    }
  },
  maxWalk: 0,
  see: {
    // spec §2: a title, the close icon, the message and the footer buttons; the top dialog has the focus.
    open: seeing((seen, key) => {
      const shown = SHOWN[key]!;
      const dialog = dialogOn(key);
      expect(dialog, 'the dialog on the page').not.toBeNull();
      expect(dialog!.textContent).toContain(shown.text);
      const names = within(dialog!)
        .queryAllByRole('button', { hidden: true })
        .map((b) => b.textContent ?? '');
      // spec §4: a counting button's label shows the remaining seconds (no time passes while the dialog is open).
      expect(
        names.filter((n) => n !== ''),
        'footer buttons',
      ).toEqual(shown.atOpen ?? shown.buttons);
      expect(
        within(dialog!).queryByRole('button', { name: '关闭弹窗', hidden: true }) !== null,
        'close icon',
      ).toBe(specOf(seen.input).closable !== false);
      const pressedAnother = seen.history.some((e) => e.type === 'modal.buttonClicked' && e['index'] === 1);
      if (key === DEMO_STACKED.key && pressedAnother) {
        // 再打开一个: a second dialog above this one, which stays open.
        expect(screen.getByRole('dialog', { name: '第二层弹窗' })).toBeTruthy();
      } else {
        expect(screen.getByRole(shown.role, { name: shown.title })).toBe(dialog);
        expect(dialog!.contains(document.activeElement), 'focus in the dialog').toBe(true);
      }
    }),
    // The leave animation: still on the page, leaving; the button's events ran (or the dismissal's).
    leaving: seeing((seen, key) => {
      const dialog = dialogOn(key);
      expect(dialog, 'the dialog on the page while it leaves').not.toBeNull();
      expect(dialog!.closest('.modal-backdrop')!.classList.contains('is-leaving')).toBe(true);
      if (seen.from === 'open') {
        const e = seen.event;
        const to = e.type === 'modal.buttonClicked' ? GOES_TO[key]![e['index'] as number] : null;
        const path = e.type === 'modal.drop' ? '/game/chess' : (to ?? (key === HOME_POP.key ? '/' : '/demo'));
        expect(window.location.pathname, 'the page').toBe(path);
      }
    }),
    // Gone after the leave animation (spec §4, §9).
    closed: seeing((_seen, key) => {
      expect(dialogOn(key), 'the dialog on the page').toBeNull();
    }),
  },
});
