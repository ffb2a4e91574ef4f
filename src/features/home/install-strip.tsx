import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { installStripMachine } from '../../../machines/home/install-strip.machine.ts';
import { homeText as h } from '../../i18n/zh-CN-home.ts';
import { watchInstall } from '../../platform/install-prompt.ts';

/**
 * The app-install strip (issue 19 §2): shown only once the browser said the site can be installed; 安装 opens
 * the browser's dialog; ✕ hides it for good on this device (install-strip.machine.ts).
 */
export function InstallStrip({ strip }: { strip: ActorRefFrom<typeof installStripMachine> | undefined }) {
  const offered = useSelector(strip, (s) => s?.value === 'offered');
  useEffect(() => {
    if (!strip) return;
    return watchInstall((what) =>
      strip.send({ type: what === 'available' ? 'install.available' : 'install.installed' }),
    );
  }, [strip]);
  if (!offered) return null;
  return (
    <section className="card install-strip section" aria-label={h.install.region}>
      <img className="install-strip__icon" src="/media/logo.svg" alt="" width="40" height="40" />
      <p className="install-strip__text">{h.install.text}</p>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => strip?.send({ type: 'install.accept' })}
      >
        {h.install.install}
      </button>
      <button
        type="button"
        className="install-strip__close"
        aria-label={h.install.close}
        onClick={() => strip?.send({ type: 'install.dismiss' })}
      >
        ×
      </button>
    </section>
  );
}
