// One dialog button's generated paths on the rendered app (issue 18 §2; spec §4 modal buttons: loading, disabled,
// counting down in seconds, clicks while loading or disabled do nothing; §9 countdown tick 1 s, handler debounce
// 350 ms): the buttons of the dialogs a player meets — the device-blocked notice's 确定, the demo page's
// countdown 我已阅读 and its stacked dialog's 再打开一个 (stays open). A button has no systemId (its dialog spawns
// it): the test finds it through the host (tests/machines/modal.model.ts `withProbe`).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type * as AppMachineModule from '../../machines/app.machine.ts';
import type { AppEffects } from '../../machines/app.machine.ts';
import type { ModalButtonInput } from '../../machines/modal-button.machine.ts';
import type { OpenModal } from '../../machines/modal-host.machine.ts';
import { footerButtons, type ModalSpec } from '../../machines/modal-types.ts';
import { fetchNoticeList } from '../../src/api/site/notice-list.ts';
import { getDeviceId } from '../../src/platform/device-id.ts';
import { flags, modalButtonModel } from '../machines/modal-button.model.ts';
import { BLOCKED_NOTICE, DEMO_COUNTDOWN, DEMO_STACKED, PROBE_ID, probe } from '../machines/modal.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiBoot, type UiSeen } from '../support/ui-model.tsx';

vi.mock('../../machines/app.machine.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof AppMachineModule>();
  const { withProbe } = await import('../machines/modal.model.ts');
  return { ...actual, createAppMachine: (fx: AppEffects) => withProbe(actual.createAppMachine(fx)) };
});

/** The dialogs whose buttons the graphs run, and what the player reads (zh-CN catalogue, the server's message). */
const DIALOGS: Record<string, { spec: ModalSpec; title: string; labels: string[] }> = {
  // spec §2: the default alert title, a single OK button.
  notice: { spec: BLOCKED_NOTICE, title: '温馨提示', labels: ['确定'] },
  countdown: { spec: DEMO_COUNTDOWN, title: '确认操作', labels: ['取消', '我已阅读'] },
  stacked: { spec: DEMO_STACKED, title: '第一层弹窗', labels: ['关闭', '再打开一个'] },
};

/** A button of one of those dialogs as its dialog spawns it (spec §9: footer types). */
const buttonOf = (dialog: string, index: number): ModalButtonInput => ({
  index,
  spec: footerButtons(DIALOGS[dialog]!.spec.buttons)[index]!,
});

const EVENTS = modalButtonModel.graphs[0]!.events;
const APP_GRAPHS = [
  { name: 'the device-blocked notice’s 确定 (spec §8 10102)', dialog: 'notice', index: 0 },
  { name: 'the demo countdown’s 我已阅读, 5 s', dialog: 'countdown', index: 1 },
  { name: 'the demo stacked dialog’s 再打开一个 (stays open)', dialog: 'stacked', index: 1 },
];
const onThePage: MachineModel = {
  ...modalButtonModel,
  graphs: [
    ...modalButtonModel.graphs,
    // Nothing in the app sends a dialog button setLoading or setDisabled: left out of the app's graphs (with them
    // the graph has some 150 edges, every one behind a toggle the page cannot make).
    ...APP_GRAPHS.map((g) => ({
      name: g.name,
      input: buttonOf(g.dialog, g.index),
      events: EVENTS.filter((e) => e.type !== 'button.setLoading' && e.type !== 'button.setDisabled'),
    })),
  ],
};

// ───────────── meeting the dialog ─────────────

let backendNow: UiBackend | null = null;

const hostOf = (system: { get: (id: string) => AnyActorRef | undefined }) =>
  (system.get('modals')?.getSnapshot().context.modals ?? []) as OpenModal[];

/** Arms the stand-in for the button, and what the player does for its dialog to open once the page is up. */
function meets(dialog: string, index: number, arrive: () => Promise<void>): UiBoot {
  const key = DIALOGS[dialog]!.spec.key;
  return {
    path: '/demo',
    backend: async (backend) => {
      backendNow = backend;
      probe.find = (system) => {
        const modal = hostOf(system).find((m) => m.key === key)?.ref;
        return (modal?.getSnapshot().context.buttonRefs as AnyActorRef[] | undefined)?.[index];
      };
      probe.arrive = arrive;
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

// ───────────── the button on the page ─────────────

const graphOf = (input: ModalButtonInput) =>
  APP_GRAPHS.find(
    (g) =>
      g.index === input.index &&
      JSON.stringify(DIALOGS[g.dialog]!.spec.buttons[g.index]!.label) === JSON.stringify(input.spec.label),
  )!;

/** The button's dialog on the page (exposed or covered). */
function dialogOf(input: ModalButtonInput): HTMLElement | null {
  const title = DIALOGS[graphOf(input).dialog]!.title;
  return (
    [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].find(
      (d) => d.querySelector('h2')?.textContent === title,
    ) ?? null
  );
}

/** The button as the player sees it: the footer's button at its index. */
function buttonOn(input: ModalButtonInput): HTMLButtonElement | null {
  return dialogOf(input)?.querySelectorAll<HTMLButtonElement>('.modal__footer button')[input.index] ?? null;
}

/** Whether the button's dialog is the top one (the others are covered by its backdrop). */
function onTop(input: ModalButtonInput): boolean {
  const all = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
  return all.length > 0 && all.at(-1) === dialogOf(input);
}

/** The button's label (spec §4: the remaining seconds while it counts down). */
const label = (input: ModalButtonInput) => DIALOGS[graphOf(input).dialog]!.labels[input.index]!;

/** Common to every state: the button is on the page, in its dialog, with its label. */
function present(seen: UiSeen): HTMLButtonElement {
  const el = buttonOn(seen.input as ModalButtonInput);
  expect(el, 'the button on the page').not.toBeNull();
  return el!;
}

/** What a click of a ready button did (spec §4: a click closes the dialog unless the button stays open). */
function clicked(seen: UiSeen) {
  if (seen.event.type !== 'button.click') return;
  const input = seen.input as ModalButtonInput;
  const leaving = dialogOf(input)!.closest('.modal-backdrop')!.classList.contains('is-leaving');
  expect(leaving, 'the dialog leaves').toBe(!input.spec.stayOpen);
  // spec §8 10102: OK goes to login; the stacked dialog's button opens a second dialog above it.
  if (graphOf(input).dialog === 'notice') expect(window.location.pathname).toBe('/user/login');
  if (graphOf(input).dialog === 'stacked')
    expect(screen.getByRole('dialog', { name: '第二层弹窗' })).toBeTruthy();
}

beforeAll(async () => {
  // The demo area loads lazily: loaded once here, a dialog opens as soon after the page as it does for a player.
  await import('../../src/features/demo/area.ts');
});

const BARE =
  'no dialog of the app has this button (a spec written for the bare machine); the app’s buttons follow';

describeUiModel(onThePage, {
  systemId: PROBE_ID,
  boot: {
    'plain button': { skip: BARE },
    'counts down from 3 s': { skip: BARE },
    'opened disabled': { skip: BARE },
    'opened loading': { skip: BARE },
    'stays open': { skip: BARE },
    [APP_GRAPHS[0]!.name]: meets('notice', 0, deviceBlocked),
    [APP_GRAPHS[1]!.name]: meets('countdown', 1, demo('倒计时确认框')),
    [APP_GRAPHS[2]!.name]: meets('stacked', 1, demo('叠加弹窗')),
  },
  drive: {
    // The player clicks the button.
    'button.click': async ({ input, user }) => {
      await user.click(buttonOn(input as ModalButtonInput)!);
    },
  },
  cannot: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => {
    const input = { index: snapshot.context['index'], spec: snapshot.context['spec'] } as ModalButtonInput;
    if (event.type === 'button.setLoading' || event.type === 'button.setDisabled')
      return 'nothing in the app sets a dialog button loading or disabled';
    if (snapshot.status !== 'active' || !buttonOn(input)) return 'the button’s dialog is gone';
    const leaving = dialogOf(input)!.closest('.modal-backdrop')!.classList.contains('is-leaving');
    if (event.type === 'button.click') {
      if (!onTop(input)) return 'the button’s dialog is covered by the one above it';
      if (snapshot.value === 'counting')
        return 'the button is disabled while it counts down: no click reaches it';
      return null;
    }
    // Time: the dialog of a clicked button is gone 300 ms after the click (spec §4), its buttons with it.
    if (leaving) return 'the dialog is leaving: it is gone (its buttons stopped) before this timer ends';
    return null;
  },
  maxWalk: 0,
  see: {
    // spec §4: clickable: enabled, its label.
    ready: (seen) => {
      const el = present(seen);
      expect(el.textContent).toBe(label(seen.input as ModalButtonInput));
      expect(el.disabled).toBe(false);
      expect(el.getAttribute('aria-disabled')).toBeNull();
      if (onTop(seen.input as ModalButtonInput))
        expect(
          within(dialogOf(seen.input as ModalButtonInput)!).getByRole('button', { name: el.textContent! }),
        ).toBe(el);
    },
    // spec §9: just clicked; further clicks within 350 ms do nothing (the button says it is inactive).
    cooling: (seen) => {
      const el = present(seen);
      expect(el.textContent).toBe(label(seen.input as ModalButtonInput));
      expect(el.getAttribute('aria-disabled')).toBe('true');
      clicked(seen);
    },
    // spec §4: disabled until zero, the label shows the remaining seconds.
    counting: (seen) => {
      const el = present(seen);
      const { remaining } = flags(seen.input as ModalButtonInput, seen.history);
      expect(el.textContent).toBe(`${label(seen.input as ModalButtonInput)}（${remaining}s）`);
      expect(el.disabled).toBe(true);
    },
    // spec §4: loading; clicks do nothing.
    loading: (seen) => {
      const el = present(seen);
      expect(el.textContent).toBe('处理中…');
      expect(el.getAttribute('aria-busy')).toBe('true');
    },
    disabled: (seen) => {
      expect(present(seen).disabled).toBe(true);
    },
  },
});
