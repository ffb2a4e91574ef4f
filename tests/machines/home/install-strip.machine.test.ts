// The home page's app-install strip (issue 19 §2 "an app-install strip where the site can be installed"; the
// issue's brief: "show the strip only when the browser fired beforeinstallprompt (install on click; dismissable,
// remembered)"). Model-based: every state and transition from graphs over every event, checked against the
// issue's rules written below, never against the machine.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  installStripMachine,
  type InstallInput,
  type InstallOutcome,
} from '../../../machines/home/install-strip.machine.ts';
import {
  describeModel,
  Fakes,
  SAME,
  settle,
  type OracleArgs,
  type TransitionTable,
} from '../../support/model-paths.ts';

/** The browser's install dialog, while open (the invoked prompt). */
const PROMPTING = '0.installStrip.prompting';
const answered = (outcome: InstallOutcome) => ({ type: `xstate.done.actor.${PROMPTING}`, output: outcome });

const EVENTS: AnyEventObject[] = [
  { type: 'install.available' },
  { type: 'install.accept' },
  { type: 'install.dismiss' },
  { type: 'install.installed' },
  answered('accepted'),
  answered('dismissed'),
  { type: `xstate.error.actor.${PROMPTING}`, error: new Error('the prompt was used already') },
];

const logic = (fakes: Fakes) =>
  installStripMachine.provide({
    actors: { promptInstall: fakes.promise<InstallOutcome>('promptInstall') },
    actions: fakes.actions('persistDismissed'),
  });

// ───── the strip as the issue tells it ─────
// Shown only after the browser fired beforeinstallprompt; a click asks the browser (its dialog); accepted or
// installed anyhow: gone; the browser's "not now": the strip waits for the browser to offer again; closed by the
// player: gone for good, remembered (a device that remembers it never shows it).
const TABLE: TransitionTable = {
  '*': { 'install.installed': 'installed' },
  waiting: { 'install.available': 'offered' },
  offered: { 'install.accept': 'prompting', 'install.dismiss': 'dismissed' },
  prompting: {
    [`xstate.done.actor.${PROMPTING}`]: ({ event }) =>
      (event as { output?: InstallOutcome }).output === 'accepted' ? 'installed' : 'waiting',
    [`xstate.error.actor.${PROMPTING}`]: 'waiting',
  },
  // Gone for good: nothing brings the strip back.
  dismissed: Object.fromEntries(EVENTS.map((e) => [e.type, SAME])),
  installed: Object.fromEntries(EVENTS.map((e) => [e.type, SAME])),
};

function oracle(o: OracleArgs) {
  const input = o.input as InstallInput;
  const state = o.snapshot.value as string;
  // The browser's dialog is asked for once per click on 安装, never otherwise.
  const clicks = o.history.filter(
    (e, i) => e.type === 'install.accept' && acceptedInOffered(o.history, i),
  ).length;
  expect(o.fakes.invocations.filter((i) => i.src === 'promptInstall')).toHaveLength(clicks);
  // Closing the strip is remembered, once, when the player closes it.
  const closedNow =
    state === 'dismissed' && o.event.type === 'install.dismiss' && o.previous.value === 'offered';
  expect(o.effects.actions).toEqual(closedNow ? [{ name: 'persistDismissed', params: undefined }] : []);
  if (input.dismissed) expect(state).toBe('dismissed');
  // Gone or not, the strip's actor stays for the page to read.
  expect(o.snapshot.status).toBe('active');
}

/** Whether the history's i-th event (an install.accept) came while the strip was offered, by the table. */
function acceptedInOffered(history: AnyEventObject[], i: number): boolean {
  let state = 'waiting';
  for (const [j, e] of history.entries()) {
    if (j === i) return state === 'offered';
    const row = TABLE[state]?.[e.type] ?? TABLE['*']![e.type];
    if (row === undefined || row === SAME) continue;
    state = typeof row === 'function' ? row({ event: e } as never) : row;
  }
  return false;
}

describeModel(
  'install strip',
  installStripMachine,
  [
    { name: 'never closed before', input: { dismissed: false }, events: EVENTS },
    { name: 'closed before', input: { dismissed: true }, events: EVENTS },
  ],
  {
    logic,
    initial: (input: InstallInput) => (input.dismissed ? 'dismissed' : 'waiting'),
    transitions: TABLE,
    oracles: { waiting: oracle, offered: oracle, prompting: oracle, dismissed: oracle, installed: oracle },
  },
);

describe('install strip edge cases', () => {
  it('asks the browser again after its "not now", once it offers again', async () => {
    const fakes = new Fakes();
    const actor = createActor(logic(fakes), { input: { dismissed: false } }).start();
    actor.send({ type: 'install.available' });
    actor.send({ type: 'install.accept' });
    fakes.resolve(PROMPTING, 'dismissed');
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    // A click while waiting asks nothing: there is no strip to click.
    actor.send({ type: 'install.accept' });
    expect(fakes.invocations).toHaveLength(1);
    actor.send({ type: 'install.available' });
    actor.send({ type: 'install.accept' });
    expect(fakes.invocations).toHaveLength(2);
    fakes.resolve(PROMPTING, 'accepted');
    await settle();
    expect(actor.getSnapshot().value).toBe('installed');
  });
});
