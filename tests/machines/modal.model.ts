// The modal's model (spec §2, §4, §9): graphs, transition table and per-state oracles, shared by its model test
// (modal.machine.test.ts) and its UI model test (tests/ui/modal.ui.test.tsx).
import { expect } from 'vitest';
import type { ActorSystem, AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';

type AnyActorSystem = ActorSystem<any>;
import { noticeDialog } from '../../machines/dialogs.ts';
import { popActivityDialog } from '../../machines/home/pop-activity-dialog.ts';
import { modalMachine } from '../../machines/modal.machine.ts';
import type { AppEventLike, ButtonSpec, ModalSpec } from '../../machines/modal-types.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../support/model-paths.ts';

/** spec §4, §9: modal leave animation 300 ms by default. */
export const MODAL_LEAVE_MS = 300;

// One dialog (spec §2, §4, §9): open until a button or a dismissal closes it, then the leave animation
// (300 ms unless the spec says otherwise), then gone. Its buttons are spawned children that report clicks
// with sendParent; the model sends those reports itself, the hand-written tests click the real buttons.

export const LEAVE = 'xstate.after.leave.modal.leaving';

export const OK: AppEventLike = { type: 'app.navigate', to: '/mine/vip' };
export const CANCELLED: AppEventLike = { type: 'app.cancelled' };
export const REFRESH: AppEventLike = { type: 'app.refresh' };
export const CALLBACK: AppEventLike = { type: 'app.navigate', to: '/mine/finance/deposit' };
export const DISMISSED: AppEventLike = { type: 'home.popClose' };

export const spec = (over: Partial<ModalSpec> = {}): ModalSpec => ({
  key: 'test',
  kind: 'confirm',
  title: '提示',
  content: { kind: 'text', text: '内容' },
  buttons: [{ label: '确定', events: [OK] }],
  ...over,
});

/** One button, the default leave animation, events on dismissal. */
export const ONE_BUTTON = spec({ onDismiss: [DISMISSED] });
/** A plain, a stayOpen and a closeAll button; a quicker leave; nothing on dismissal. */
export const THREE_BUTTONS = spec({
  key: 'three',
  buttons: [
    { label: '取消', type: 'cancel', events: [CANCELLED] },
    { label: '刷新', stayOpen: true, events: [REFRESH] },
    { label: '我知道了', closeAll: true, events: [CALLBACK] },
  ],
  leaveMs: 120,
});
/** Two buttons (the first becomes hoverCancel), a slow leave. */
export const TWO_BUTTONS = spec({
  key: 'two',
  kind: 'alert',
  buttons: [{ label: '取消' }, { label: '确定', type: 'danger', events: [OK] }],
  leaveMs: 1000,
  onDismiss: [CANCELLED],
});

export const events = (s: ModalSpec) => [
  ...s.buttons.map((_, index) => ({ type: 'modal.buttonClicked', index })),
  { type: 'modal.close' },
  { type: 'modal.drop' },
  { type: LEAVE },
];

export const provided = (fakes: Fakes) =>
  modalMachine.provide({ actions: fakes.actions('runEvents', 'requestCloseAll', 'notifyRemoved') });

/** Everything but the spawned button actors, which are compared by id. */
export const project = (s: AnyMachineSnapshot) => {
  const { buttonRefs, ...rest } = s.context as { buttonRefs: Array<{ id: string }> };
  return { value: s.value, status: s.status, context: rest, buttons: buttonRefs.map((r) => r.id) };
};

/** The spec and buttons never change: the state tells the graph states apart. */
export const key = (s: AnyMachineSnapshot) => ({ value: s.value, status: s.status });

export const specOf = (input: unknown) => (input as { spec: ModalSpec }).spec;
export const clicked = (o: { event: AnyEventObject; input: unknown }) =>
  specOf(o.input).buttons[o.event['index'] as number]!;

/**
 * spec §2, §4: a click closes the modal unless the button is flagged to stay open; the deposit warning's
 * 'I understand' closes ALL modals (the host does) and runs its callback; a dismissal closes it; then the
 * leave animation (default 300 ms), then it is gone.
 */
export const MODAL_TABLE: TransitionTable = {
  open: {
    'modal.buttonClicked': (o) => {
      const button = clicked(o);
      return button.closeAll || button.stayOpen ? 'open' : 'leaving';
    },
    'modal.close': 'leaving',
    'modal.drop': 'leaving',
  },
  leaving: { [LEAVE]: 'closed' },
};

export const run = (events: ReadonlyArray<AppEventLike> | undefined) => ({
  name: 'runEvents',
  params: { events: events ?? [] },
});

export const MODAL_ORACLES: Record<string, (o: OracleArgs) => void> = {
  open: (o) => {
    const spec = specOf(o.input);
    // spec §9: button types confirm, cancel, danger, hoverCancel; two-button footers give the first hoverCancel.
    const types = spec.buttons.map((b, i) =>
      spec.buttons.length === 2 && i === 0 ? 'hoverCancel' : (b.type ?? 'confirm'),
    );
    expect((o.snapshot.context.buttons as ButtonSpec[]).map((b) => b.type)).toEqual(types);
    if (o.event.type === 'modal.buttonClicked') {
      const button = clicked(o);
      expect(o.effects.actions).toEqual(
        button.closeAll
          ? [{ name: 'requestCloseAll', params: undefined }, run(button.events)]
          : [run(button.events)],
      );
    } else expect(o.effects.actions).toEqual([]);
  },
  leaving: (o) => {
    // The button's events (or the dismissal's) run as it starts to leave; dropped with its page: nothing.
    const spec = specOf(o.input);
    if (o.event.type === 'modal.buttonClicked') expect(o.effects.actions).toEqual([run(clicked(o).events)]);
    if (o.event.type === 'modal.close') expect(o.effects.actions).toEqual([run(spec.onDismiss)]);
    if (o.event.type === 'modal.drop') expect(o.effects.actions).toEqual([]);
    expect(o.snapshot.status).toBe('active');
  },
  closed: (o) => {
    // After the leave animation: gone, the host told, the buttons stopped.
    expect(o.snapshot.status).toBe('done');
    expect(o.effects.actions).toEqual([
      { name: 'notifyRemoved', params: { id: (o.input as { id: string }).id } },
    ]);
    expect(o.snapshot.context.buttonRefs).toEqual([]);
  },
};

export const modalModel: MachineModel<typeof modalMachine> = {
  title: 'modal',
  machine: modalMachine,
  graphs: [
    {
      name: 'one button, default leave',
      input: { id: 'modal-1', spec: ONE_BUTTON },
      events: events(ONE_BUTTON),
      key,
    },
    {
      name: 'plain, stayOpen and closeAll buttons, 120 ms leave',
      input: { id: 'modal-2', spec: THREE_BUTTONS },
      events: events(THREE_BUTTONS),
      key,
    },
    {
      name: 'two buttons, 1 s leave',
      input: { id: 'modal-3', spec: TWO_BUTTONS },
      events: events(TWO_BUTTONS),
      key,
    },
  ],
  harness: {
    logic: provided,
    project,
    delays: { leave: (s) => (s.context.spec as ModalSpec).leaveMs ?? MODAL_LEAVE_MS },
    check: ({ actor }) => {
      // The buttons live exactly as long as the modal: its children until it is closed, then stopped.
      const s = actor.getSnapshot() as AnyMachineSnapshot;
      const ids = (s.context.buttonRefs as Array<{ id: string }>).map((r) => r.id);
      expect(Object.keys(s.children).sort()).toEqual([...ids].sort());
      if (s.matches('closed')) expect(ids).toEqual([]);
      else expect(ids).toHaveLength((s.context.spec as ModalSpec).buttons.length);
    },
    initial: 'open',
    transitions: MODAL_TABLE,
    oracles: MODAL_ORACLES,
  },
};

// ───────────── the dialogs a player really meets (for the UI model test) ─────────────
// The graphs above are written for the bare machine (specs no page opens); the UI model test runs these, the
// dialogs of the app, with the same transition table and delays.

/** The seeded pop-up activity (server/db/seed.ts: the first and only pop_activities row). */
export const SEEDED_POP = {
  id: 1,
  title: '签到日历 天天有礼',
  content: '每日签到领取彩金，连续签到 7 天额外赠送神秘大奖。',
  imageUrl: '/media/pop-calendar.svg',
  linkUrl: '/activity/calendar',
};

const text = (key: string) => ({ kind: 'text' as const, text: { key } });

/** The home page's pop-up (machines/home/pop-activity-dialog.ts) for the seeded activity. */
export const HOME_POP = popActivityDialog(SEEDED_POP);
/** spec §8 10102: the alert with the server's message (server/http/envelope.ts); OK goes to login. */
export const BLOCKED_NOTICE = noticeDialog(
  'alert',
  '您的设备已被限制访问，如有疑问请联系客服',
  '/user/login',
);
/** The demo page's countdown confirm (src/features/demo/demo-page.tsx): 我已阅读 counts down 5 s. */
export const DEMO_COUNTDOWN: ModalSpec = {
  key: 'demo-countdown',
  kind: 'confirm',
  title: { key: 'demo.countdownTitle' },
  content: text('demo.countdownText'),
  buttons: [{ label: { key: 'dialog.cancel' } }, { label: { key: 'demo.agree' }, countdownSeconds: 5 }],
};
/** The demo page's stacked dialog: 再打开一个 stays open and opens a second dialog above it. */
export const DEMO_STACKED: ModalSpec = {
  key: 'demo-stacked',
  kind: 'info',
  title: { key: 'demo.stackedTitle' },
  content: text('demo.stackedText'),
  buttons: [
    { label: { key: 'dialog.close' } },
    {
      label: { key: 'demo.openAnother' },
      stayOpen: true,
      events: [
        {
          type: 'modal.open',
          actor: 'modals',
          spec: {
            key: 'demo-second',
            kind: 'info',
            title: { key: 'demo.secondTitle' },
            content: text('demo.secondText'),
            buttons: [{ label: { key: 'dialog.ok' } }],
            position: 'top',
          },
        },
      ],
    },
  ],
};

const onApp = (name: string, spec: ModalSpec) => ({
  name,
  input: { id: 'modal-1', spec },
  events: events(spec),
  key,
});

export const MODAL_APP_GRAPHS = [
  onApp('the home page’s pop-up activity', HOME_POP),
  onApp('the device-blocked notice (spec §8 10102)', BLOCKED_NOTICE),
  onApp('the demo page’s countdown confirm', DEMO_COUNTDOWN),
  onApp('the demo page’s stacked dialog', DEMO_STACKED),
];

/**
 * A dialog or button actor of the app the framework cannot name (they are spawned children of the modal host,
 * with no systemId): registered in the app's system under PROBE_ID as a stand-in that forwards to the actor once
 * `find` finds it, and keeps forwarding to it after it stops (its last snapshot). Until then its snapshot is
 * ABSENT. `arrive`, if any, runs once the app actor exists: what the player does for the actor to come (open
 * the dialog). Both are armed per path by the boot (UiBoot.backend), before the page loads.
 */
export const PROBE_ID = 'probe';
export const probe: {
  find: ((system: AnyActorSystem) => AnyActorRef | undefined) | null;
  arrive: (() => Promise<void>) | null;
} = { find: null, arrive: null };

const ABSENT = {
  value: '(not on the page yet)',
  status: 'active',
  context: {},
  children: {},
  matches: () => false,
};

function standIn(system: AnyActorSystem): AnyActorRef {
  const find = probe.find;
  let found: AnyActorRef | undefined;
  return new Proxy({} as AnyActorRef, {
    get(_, prop) {
      found ??= find?.(system);
      if (!found) return prop === 'getSnapshot' ? () => ABSENT : undefined;
      const value: unknown = Reflect.get(found, prop, found);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(found) : value;
    },
  });
}

/** The app's logic, with the stand-in registered in its system as the actor starts (and `arrive` set off). */
export function withProbe<T extends object>(logic: T): T {
  const arrive = probe.arrive;
  return Object.create(logic, {
    getInitialSnapshot: {
      value(
        this: T,
        scope: { system: AnyActorSystem & { _set: (id: string, a: AnyActorRef) => void } },
        input: unknown,
      ) {
        scope.system._set(PROBE_ID, standIn(scope.system));
        if (arrive) setTimeout(() => void arrive().catch((e: unknown) => console.error('arrive:', e)), 0);
        return (logic as { getInitialSnapshot: (s: unknown, i: unknown) => unknown }).getInitialSnapshot.call(
          this,
          scope,
          input,
        );
      },
    },
  }) as T;
}
