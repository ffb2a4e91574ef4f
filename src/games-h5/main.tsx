// The sandbox games' page (issue 12), served by the back end at /sandbox/venue/<CODE>/?token=…&game=…&view=pc|h5
// (server/modules/venue/page.ts) from this separate build (vite.config.ts: dist/sandbox/games/). The credential
// comes with the launch URL; the page keeps it for this tab only and takes it out of the address bar.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { takeVenueToken, venueOfPath } from '../lib/venue-page-token.ts';
import { gamesClient } from './api.ts';
import { App, Expired } from './app.tsx';
import { createShell } from './compose.ts';
import { text } from './text.ts';
import './styles.css';

const VIEW_PARAM = 'view';

const venue = venueOfPath(window.location.pathname);
document.documentElement.dataset['view'] = new URL(window.location.href).searchParams.get(VIEW_PARAM) ?? 'h5';
const token = takeVenueToken('sandbox-games', venue);
const root = createRoot(document.getElementById('root')!);

if (!token) {
  root.render(<Expired message={text.noToken} />);
} else {
  const client = gamesClient(token);
  const shell = createShell(client);
  shell.actor.start();
  root.render(
    <StrictMode>
      <App shell={shell} client={client} />
    </StrictMode>,
  );
}
