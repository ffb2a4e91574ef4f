import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StationAd } from '../../protocol/site.ts';
import { t } from '../../i18n/zh-CN.ts';

/**
 * Station ads as a swipeable carousel: CSS scroll-snap does the motion, so there is no timer or state machine
 * to keep; the space is reserved by aspect-ratio so nothing shifts when the images arrive.
 */
export function BannerCarousel({ ads, loading }: { ads: StationAd[]; loading: boolean }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const go = (i: number) => {
    const el = track.current;
    if (!el || ads.length === 0) return;
    const next = (i + ads.length) % ads.length;
    el.scrollTo({ left: next * el.clientWidth });
    setCurrent(next);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };
  return (
    <section className="carousel section" aria-roledescription="carousel" aria-label={t.home.banners}>
      <div className={`carousel__track${loading ? ' skeleton' : ''}`} ref={track} onScroll={onScroll}>
        {ads.map((ad, i) => (
          <div
            key={ad.id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${ads.length}`}
          >
            <Link to={ad.linkUrl || '/'} aria-label={ad.title} tabIndex={i === current ? 0 : -1}>
              <img
                src={ad.imageUrl}
                alt={ad.title}
                width={ad.width}
                height={ad.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </Link>
          </div>
        ))}
      </div>
      {ads.length > 1 && (
        <>
          <button
            type="button"
            className="carousel__nav carousel__nav--prev"
            aria-label={t.home.prevBanner}
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            aria-label={t.home.nextBanner}
            onClick={() => go(current + 1)}
          >
            ›
          </button>
          <div className="carousel__dots">
            {ads.map((ad, i) => (
              <button
                key={ad.id}
                type="button"
                className="carousel__dot"
                aria-label={t.home.goToBanner(i + 1)}
                aria-current={i === current}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
