// The offline state machine inspector panel (issue 3 §6, development builds only): a toggle that opens a panel
// listing the app system's actors and its latest events, with a filter, pause and clear. Its labels are a
// developer tool's and live in the panel itself, not in src/i18n.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, sendParent, setup, type AnyActorRef, type InspectionEvent } from 'xstate';

const OPEN_KEY = 'dev.inspector.open';

const child = setup({}).createMachine({
  id: 'child',
  on: { TELL: { actions: sendParent({ type: 'CHILD.SAID' }) } },
});
const appLogic = setup({ actors: { child } }).createMachine({
  id: 'appMachine',
  context: { theme: 'dark' },
  invoke: { src: 'child', id: 'kid' },
  on: { PING: {}, 'CHILD.SAID': {} },
});

let Panel: ComponentType;
let inspect: ((e: InspectionEvent) => void) | undefined;
const actors: AnyActorRef[] = [];

async function load() {
  vi.resetModules();
  const dev = await import('../../../src/app/dev-inspect.ts');
  inspect = dev.devInspect().inspect;
  Panel = (await import('../../../src/app/inspector/panel.tsx')).default;
}

function startApp() {
  const actor = createActor(appLogic, { systemId: 'app', inspect });
  actor.start();
  actors.push(actor);
  return actor;
}

/** The store re-renders the panel at most every 120 ms. */
const storeTick = () => act(() => new Promise((r) => setTimeout(r, 150)));

beforeEach(load);
afterEach(() => {
  cleanup();
  actors.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
  vi.doUnmock('../../../src/app/inspector/store.ts');
});

describe('toggle', () => {
  it('starts closed, opens on click and remembers that for the tab', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Panel />);
    const toggle = screen.getByRole('button', { name: '打开状态机检查器' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: '状态机检查器' })).toBeNull();

    await user.click(toggle);
    expect(screen.getByRole('heading', { name: '状态机检查器' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('关闭状态机检查器');
    expect(sessionStorage.getItem(OPEN_KEY)).toBe('1');

    await user.click(toggle);
    expect(screen.queryByRole('heading', { name: '状态机检查器' })).toBeNull();
    expect(sessionStorage.getItem(OPEN_KEY)).toBe('0');
  });

  it('starts open when it was open earlier in the tab; Escape closes it and focuses the toggle', async () => {
    sessionStorage.setItem(OPEN_KEY, '1');
    const user = userEvent.setup({ delay: null });
    render(<Panel />);
    expect(screen.getByRole('heading', { name: '状态机检查器' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: '状态机检查器' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '打开状态机检查器' }));
    expect(sessionStorage.getItem(OPEN_KEY)).toBe('0');
  });

  it('starts closed and still toggles when session storage is unavailable', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const user = userEvent.setup({ delay: null });
    render(<Panel />);
    await user.click(screen.getByRole('button', { name: '打开状态机检查器' }));
    expect(screen.getByRole('heading', { name: '状态机检查器' })).toBeTruthy();
  });
});

describe('panel', () => {
  beforeEach(() => sessionStorage.setItem(OPEN_KEY, '1'));

  it('says so when nothing ran yet', () => {
    render(<Panel />);
    expect(screen.getByText('No actors yet')).toBeTruthy();
    expect(screen.getByText('No events')).toBeTruthy();
  });

  it('lists the actor tree with states, context and latest events, and follows new events', async () => {
    const app = startApp();
    render(<Panel />);
    // The store subscribes with the panel and replays what happened before it (the next store tick).
    await storeTick();
    const tree = screen.getByRole('list', { name: 'Actors' });
    const root = within(tree).getAllByRole('listitem')[0]!;
    expect(within(root).getByText('app')).toBeTruthy();
    expect(within(root).getAllByText('active').length).toBeGreaterThan(0);
    expect(within(root).getByText('kid')).toBeTruthy();
    expect(within(root).getByText('child')).toBeTruthy();
    expect(within(root).getAllByText('context')[0]!.closest('details')!.textContent).toContain(
      '"theme": "dark"',
    );

    app.getSnapshot().children.kid!.send({ type: 'TELL' });
    await storeTick();
    const events = screen.getAllByRole('listitem').filter((li) => li.classList.contains('xsi-event'));
    expect(events[0]!.textContent).toContain('CHILD.SAID');
    expect(events[0]!.textContent).toContain('→ app');
    expect(events[0]!.textContent).toContain('(from kid)');
    expect(events[0]!.querySelector('time')!.textContent).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
    expect(within(root).getAllByText('CHILD.SAID')[0]!.closest('div')!.textContent).toContain(
      'last: CHILD.SAID',
    );
  });

  it('filters the events by what the developer types', async () => {
    const user = userEvent.setup({ delay: null });
    const app = startApp();
    app.send({ type: 'PING' });
    render(<Panel />);
    const filter = screen.getByRole('searchbox', { name: 'Filter events' });
    await user.type(filter, 'ping');
    const events = screen.getAllByRole('listitem').filter((li) => li.classList.contains('xsi-event'));
    expect(events).toHaveLength(1);
    expect(events[0]!.textContent).toContain('PING');
    await user.clear(filter);
    await user.type(filter, 'no-such-event');
    expect(screen.getByText('No events')).toBeTruthy();
  });

  it('freezes while paused and catches up when resumed', async () => {
    const user = userEvent.setup({ delay: null });
    const app = startApp();
    render(<Panel />);
    const pause = screen.getByRole('button', { name: 'Pause' });
    await user.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    app.send({ type: 'PING' });
    await storeTick();
    expect(screen.queryByText('PING')).toBeNull();
    await user.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByText('PING').length).toBeGreaterThan(0);
  });

  it('clears the events but keeps the actors', async () => {
    const user = userEvent.setup({ delay: null });
    const app = startApp();
    app.send({ type: 'PING' });
    render(<Panel />);
    await storeTick();
    expect(screen.queryByText('No events')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No events')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Actors' })!.textContent).toContain('app');
  });
});

it('shows a notice instead of taking the app down when the inspector fails', async () => {
  vi.resetModules();
  vi.doMock('../../../src/app/inspector/store.ts', async (importOriginal) => ({
    ...(await importOriginal<object>()),
    actorTree: () => {
      throw new Error('broken store');
    },
  }));
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.setItem(OPEN_KEY, '1');
  const Failing = (await import('../../../src/app/inspector/panel.tsx')).default;
  render(<Failing />);
  expect(screen.getByRole('status')!.textContent).toContain(
    'The inspector failed; reload the page to retry.',
  );
  expect(error).toHaveBeenCalled();
});
