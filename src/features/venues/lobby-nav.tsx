import { NavLink } from 'react-router-dom';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import type { Lobby } from '../../protocol/venues.ts';

/** The order of the lobbies in the bar (as the site's top navigation lists the categories). */
const ORDER: Lobby[] = ['sport', 'realbet', 'chess', 'egame', 'gaming', 'lottery', 'fishing'];

/** The bar across the seven lobbies (issue 11 §1): the current one is marked for assistive tech. */
export function LobbyNav() {
  return (
    <nav className="lobby-nav" aria-label={v.lobbyNav}>
      <ul>
        {ORDER.map((lobby) => (
          <li key={lobby}>
            <NavLink to={`/game/${lobby}`}>{v.lobbyTab[lobby]}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
