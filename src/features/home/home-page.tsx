import { useSelector } from '@xstate/react';
import type { homeContentMachine } from '../../../machines/home/home-content.machine.ts';
import type { installStripMachine } from '../../../machines/home/install-strip.machine.ts';
import type { ActorRefFrom } from 'xstate';
import { useAreaActor, useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { FloatingIcon } from './floating-icon.tsx';
import { GameCategories } from './game-categories.tsx';
import { HotGames } from './hot-games.tsx';
import { InstallStrip } from './install-strip.tsx';
import { LiveVideo } from './live-video.tsx';
import { NoticeBar } from './notice-bar.tsx';
import { PlayerStrip } from './player-strip.tsx';
import { WinsAndJackpot } from './wins-ticker.tsx';

export function HomePage() {
  const homeRef = useAreaActor<typeof homeContentMachine>('home');
  const gateRef = useSystemActor('siteGate');
  const state = useSelector(homeRef, (s) => s);
  const preInfo = useSelector(gateRef, (s) => s.context.preInfo);
  const strip = state?.children['installStrip'] as ActorRefFrom<typeof installStripMachine> | undefined;

  const content = state?.context.content ?? null;
  const loading = !content && !state?.matches('failed');
  // issue 19 §2: the showcase comes after the content; its room is kept meanwhile, so nothing below it moves.
  const showcasePending = !state?.matches('failed') && content?.hot === undefined;

  return (
    <div className="home">
      <h1 className="visually-hidden">{preInfo?.SiteBaseConfigVo.title ?? t.site.brand}</h1>
      {preInfo?.siteFestivalSkin && (
        <p className="festival section" data-skin={preInfo.siteFestivalSkin}>
          {t.home.festival} · {preInfo.siteFestivalSkin}
        </p>
      )}
      <BannerCarousel ads={content?.ads ?? []} loading={loading} />
      <NoticeBar notices={content?.notices ?? []} />
      <PlayerStrip />
      <InstallStrip strip={strip} />
      {state?.matches('failed') && (
        <div className="card pending" role="alert">
          <p>{t.home.loadFailed}</p>
          <button type="button" className="btn" onClick={() => homeRef?.send({ type: 'home.retry' })}>
            {t.home.retry}
          </button>
        </div>
      )}
      <GameCategories counts={content?.counts ?? null} />
      {showcasePending ? (
        <div className="showcase-slot" aria-hidden="true" />
      ) : (
        <>
          <WinsAndJackpot wins={content?.wins} jackpot={content?.jackpot} />
          <HotGames games={content?.hot} />
        </>
      )}
      {preInfo?.siteVideoSkinOpen && <LiveVideo src={preInfo.siteVideoActiveUrl} />}
      {content?.icons[0] && <FloatingIcon icon={content.icons[0]} />}
    </div>
  );
}
