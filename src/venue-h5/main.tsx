// The sandbox sportsbook's venue page (issue 11 §4), served by the back end at /sandbox/venue/<CODE>/?token=…&view=
// pc|h5 (server/modules/sportsbook/routes.ts) from this separate build (vite.config.ts: dist/sandbox/h5/). The
// credential comes with the launch URL; the page keeps it for this tab only and takes it out of the address bar.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { takeVenueToken, venueOfPath } from '../lib/venue-page-token.ts';
import { ActorsContext } from './actors.ts';
import { sportsbookClient } from './api.ts';
import { App, Expired } from './app.tsx';
import { createActors } from './compose.ts';
import { text } from './text.ts';
import './styles.css';

const VIEW_PARAM = 'view';

const venue = venueOfPath(window.location.pathname);
// The launch says which face it opened (pc or h5); the layout itself follows the frame's width (styles.css).
document.documentElement.dataset['view'] = new URL(window.location.href).searchParams.get(VIEW_PARAM) ?? 'h5';
const token = takeVenueToken('sandbox-sportsbook', venue);
const root = createRoot(document.getElementById('root')!);

if (!token) {
  root.render(<Expired message={text.noToken} />);
} else {
  const actors = createActors(sportsbookClient(token), venue);
  actors.session.start();
  actors.feed.start();
  actors.slip.start();
  root.render(
    <StrictMode>
      <ActorsContext.Provider value={actors}>
        <App />
      </ActorsContext.Provider>
    </StrictMode>,
  );
}
