import { Link } from 'react-router-dom';
import type { PlatformCounts } from '../../../machines/home/home-content.machine.ts';
import { t } from '../../i18n/zh-CN.ts';

const CATEGORIES: Array<{ key: keyof PlatformCounts; to: string; glyph: string }> = [
  { key: 'QP', to: '/game/chess', glyph: '棋' },
  { key: 'TY', to: '/game/sport', glyph: '球' },
  { key: 'ZR', to: '/game/realbet', glyph: '真' },
  { key: 'DZ', to: '/game/egame', glyph: '电' },
  { key: 'CP', to: '/game/lottery', glyph: '彩' },
  { key: 'DJ', to: '/game/gaming', glyph: '竞' },
  { key: 'BY', to: '/game/fishing', glyph: '鱼' },
];

/**
 * The game categories with their platform counts (spec §3 keys; 捕鱼 BY too: issue 19 §2); the count line keeps
 * its height while loading.
 */
export function GameCategories({ counts }: { counts: PlatformCounts | null }) {
  return (
    <section className="section" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section__title">
        {t.categories.heading}
      </h2>
      <ul className="categories">
        {CATEGORIES.map((c) => {
          const n = counts?.[c.key] ?? null;
          return (
            <li key={c.key}>
              <Link to={c.to} className="card category">
                <span className="category__icon" aria-hidden="true">
                  {c.glyph}
                </span>
                <span className="category__name">{t.categories[c.key]}</span>
                <span className="category__count">{n !== null ? t.categories.venues(n) : ''}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
