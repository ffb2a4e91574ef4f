import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readBootInput } from './app/compose.ts';
import './platform/install-prompt.ts';
import './ui/styles.css';

// The boot input is read once (a logged-in device decrypts its cached member first; the HTML's loading
// placeholder shows meanwhile).
const input = await readBootInput();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App input={input} />
  </StrictMode>,
);
