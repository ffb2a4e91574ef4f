import { t } from '../../i18n/zh-CN.ts';
import { LiveChat } from './live-chat.tsx';

/** The live video block, shown when siteVideoSkinOpen is on (the chat room comes with the dialogs-and-socket issue). */
const LIVE_POSTER = '/media/live-poster.svg';

export function LiveVideo({ src }: { src: string }) {
  return (
    <section className="card live section" aria-labelledby="live-title">
      <h2 id="live-title" className="section__title" style={{ padding: '12px 14px 0' }}>
        {t.home.live}
      </h2>
      {src ? (
        <video
          src={src}
          poster={LIVE_POSTER}
          controls
          muted
          playsInline
          preload="none"
          aria-label={t.home.live}
        />
      ) : (
        <img
          className="live__poster"
          src={LIVE_POSTER}
          alt={t.home.liveHint}
          width="1280"
          height="720"
          loading="lazy"
        />
      )}
      <p className="live__caption">{t.home.liveHint}</p>
      <LiveChat />
    </section>
  );
}
