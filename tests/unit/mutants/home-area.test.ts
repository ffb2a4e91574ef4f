// The home area's module (src/features/home/area.ts) and its loader (load-home.ts), from issue 8 §1 and spec §3:
// the area actor starts from the path and the day the pop-up was last closed (local item `popSeenOn`); closing the
// pop-up keeps that day on the device, so the pop-up does not open again the same day; the actor is kept alive
// when the player leaves (coming back shows the content at once); a home call that fails alone leaves its part
// empty. The loader's calls go to a fake transport (tests/unit/api/fake-http.ts).
//
// Closes the survivors of src/features/home/area.ts (7/11) and load-home.ts (19/21) of the 2026-11-25 run.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { area } from '../../../src/features/home/area.ts';
import { loadHome } from '../../../src/features/home/load-home.ts';
import { storageGet, storageSet } from '../../../src/platform/storage.ts';
import { fail, fakeHttp, ok, type FakeReply } from '../api/fake-http.ts';

/** The local item the day the pop-up was last closed is kept under. */
const POP_SEEN_KEY = 'popSeenOn';

const POP = { id: 31, title: '活动', imageUrl: '/p.png', linkUrl: '/z' };
const REPLIES: Record<string, () => FakeReply> = {
  '/site/api/v1/advertising/queryNoticeList': () => ok([]),
  '/act/api/v1/advertising/queryStationAdList': () => ok([]),
  '/act/api/v1/activityShow/suspensionIcon': () => ok([]),
  '/act/api/v1/memberTopActivity/popInfo': () => ok(POP),
  '/game/api/v1/venue/platformCount': () => ok({ TY: 1, DZ: 1, DJ: 1, ZR: 1, CP: 1, QP: 1, BY: 1 }),
  '/game/api/v1/home/hotGames': () => ok({ games: [] }),
  '/game/api/v1/home/recentWins': () => ok({ wins: [] }),
  '/game/api/v1/jackpot/pool': () => ok({ pool: 100_000, seed: 100_000, lastWin: null }),
};
/** issue 19 §2: the player closed the app-install strip (a local item). */
const INSTALL_CLOSED_KEY = 'installStripClosed';

let running: AnyActorRef | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  setHttpAdapter();
});

describe('the home area (issue 8 §1)', () => {
  it('starts from the path and the day the pop-up was last closed on this device', () => {
    expect(area.actor!.input('/')).toEqual({ path: '/', popSeenOn: null, installDismissed: false });
    storageSet(POP_SEEN_KEY, '2026-11-20');
    expect(area.actor!.input('/')).toEqual({ path: '/', popSeenOn: '2026-11-20', installDismissed: false });
  });

  it('closing the install strip is kept on the device: the next visit never offers it (issue 19 §2)', () => {
    setHttpAdapter(fakeHttp((r) => REPLIES[r.url]!()).adapter);
    const actor = createActor(area.actor!.logic, { input: area.actor!.input('/') });
    running = actor;
    actor.start();
    const strip = actor.getSnapshot().children['installStrip']!;
    strip.send({ type: 'install.available' });
    expect(strip.getSnapshot().value).toBe('offered');
    expect(storageGet(INSTALL_CLOSED_KEY)).toBeNull();
    strip.send({ type: 'install.dismiss' });
    expect(storageGet(INSTALL_CLOSED_KEY)).toBe(true);
    expect(area.actor!.input('/')).toMatchObject({ installDismissed: true });
    const again = createActor(area.actor!.logic, { input: area.actor!.input('/') });
    running = again;
    actor.stop();
    again.start();
    again.getSnapshot().children['installStrip']!.send({ type: 'install.available' });
    expect(again.getSnapshot().children['installStrip']!.getSnapshot().value).toBe('dismissed');
  });

  it('closing the pop-up keeps today on the device under popSeenOn', async () => {
    setHttpAdapter(fakeHttp((r) => REPLIES[r.url]!()).adapter);
    const actor = createActor(area.actor!.logic, { input: area.actor!.input('/') });
    running = actor;
    actor.start();
    await waitFor(() => expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' }));
    const today = actor.getSnapshot().context.today as string;
    expect(storageGet(POP_SEEN_KEY)).toBeNull();
    actor.send({ type: 'home.popClose' });
    expect(storageGet(POP_SEEN_KEY)).toBe(today);
    // Next visit, the same day: the pop-up is not due.
    const again = createActor(area.actor!.logic, { input: area.actor!.input('/') });
    running = again;
    actor.stop();
    again.start();
    await waitFor(() => expect(again.getSnapshot().value).toEqual({ ready: 'popClosed' }));
  });

  it('is kept alive after the player leaves (coming back shows the content at once)', () => {
    expect(area.actor!.keepAlive).toBe(true);
  });

  it('a notice list or icon call that fails alone leaves that part empty, the rest shown', async () => {
    setHttpAdapter(
      fakeHttp((r) =>
        r.url === '/site/api/v1/advertising/queryNoticeList' ||
        r.url === '/act/api/v1/activityShow/suspensionIcon'
          ? fail(10001, '失败')
          : REPLIES[r.url]!(),
      ).adapter,
    );
    const { content } = await loadHome();
    expect(content.notices).toEqual([]);
    expect(content.icons).toEqual([]);
    expect(content.pop).toEqual(POP);
  });
});
