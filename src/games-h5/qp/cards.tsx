// Playing cards as accessible elements (issue 12 §1; docs/games-qp.md "The page"): each card is named in words
// ("红桃 A"), a face-down card "暗牌"; colour is never the only sign of the suit (the symbol is shown).
import { cardName, faceOf, isRed, SUIT_SYMBOLS, suitOf, type Card } from '../../games-core/qp/cards.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';

export function CardFace({ card }: { card: Card }) {
  return (
    <li className={`qp-card${isRed(card) ? ' red' : ''}`}>
      <span role="img" aria-label={cardName(card)}>
        <span aria-hidden="true">
          {faceOf(card)}
          {SUIT_SYMBOLS[suitOf(card)]}
        </span>
      </span>
    </li>
  );
}

export function CardBack() {
  return (
    <li className="qp-card back">
      <span role="img" aria-label={qpText.cards.hidden}>
        <span aria-hidden="true">🂠</span>
      </span>
    </li>
  );
}

/** A row of cards named `label` (face-down ones after the shown ones, up to `total`). */
export function CardRow({ label, cards, total }: { label: string; cards: readonly Card[]; total?: number }) {
  const hidden = Math.max(0, (total ?? cards.length) - cards.length);
  return (
    <ul className="qp-cards" aria-label={label}>
      {cards.map((c) => (
        <CardFace key={c} card={c} />
      ))}
      {Array.from({ length: hidden }, (_, i) => (
        <CardBack key={`h${i}`} />
      ))}
    </ul>
  );
}

export const cardsInWords = (cards: readonly Card[]): string => cards.map(cardName).join('、');
