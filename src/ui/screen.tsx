import type { ReactNode } from 'react';

type Art = 'maintenance' | 'restricted' | 'alert' | 'not-found' | 'cookies' | 'crash' | 'offline';

/** Line icons (24-unit paths) drawn in the art circle: no emoji font is needed. */
const ART_PATH: Record<Exclude<Art, 'not-found'>, string> = {
  maintenance: 'M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  restricted: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  alert: 'M12 3 2 20h20zM12 10v4.5M12 17.2v.1',
  cookies:
    'M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3-3 3 3 0 0 1-3-3 3 3 0 0 1-3-3zM8.5 10.5h.01M9 15.5h.01M14.5 15h.01',
  crash: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5v6M12 16.4v.1',
  offline: 'M3 9a14 14 0 0 1 18 0M6.5 12.5a9 9 0 0 1 11 0M10 16a4 4 0 0 1 4 0M12 19.5v.1M3 3l18 18',
};

/** A whole-page message: maintenance, restriction, 404, cookies, crash. */
export function Screen(props: {
  art: Art;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  // The colour is the theme's (styles.css .screen__art--<art>), drawn as currentColor.
  const color = 'currentColor';
  return (
    <section className="screen" aria-labelledby="screen-title">
      <svg className={`screen__art screen__art--${props.art}`} viewBox="0 0 160 160" aria-hidden="true">
        <circle cx="80" cy="80" r="72" fill={color} opacity="0.12" />
        <circle cx="80" cy="80" r="52" fill={color} opacity="0.22" />
        {props.art === 'not-found' ? (
          <text x="80" y="94" textAnchor="middle" fontSize="38" fontWeight="700" fill={color}>
            404
          </text>
        ) : (
          <path
            d={ART_PATH[props.art]}
            transform="translate(44 44) scale(3)"
            fill="none"
            stroke={color}
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
      <h1 id="screen-title" className="screen__title">
        {props.title}
      </h1>
      <p className="screen__text">{props.text}</p>
      {props.children}
      {props.actions && <div className="screen__actions">{props.actions}</div>}
    </section>
  );
}
