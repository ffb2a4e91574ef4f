import { t } from '../../i18n/zh-CN.ts';
import { LiveChat } from './live-chat.tsx';

/** The live video block, shown when siteVideoSkinOpen is on (the chat room comes with the dialogs-and-socket issue). */
export function LiveVideo({ src }: { src: string }) {
  return (
    <section className="card live section" aria-labelledby="live-title">
      <h2 id="live-title" className="section__title" style={{ padding: '12px 14px 0' }}>
        {t.home.live}
      </h2>
      {src && <video src={src} controls muted playsInline preload="none" aria-label={t.home.live} />}
      <p className="live__caption">{t.home.liveHint}</p>
      <LiveChat />
    </section>
  );
}
