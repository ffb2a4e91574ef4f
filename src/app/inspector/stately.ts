// Stately's browser inspector (development builds only: dev-inspect imports this module lazily behind
// import.meta.env.DEV when `?inspect` or VITE_INSPECT=stately asks for it). It opens stately.ai in a
// pop-up window, so it needs the internet; the in-app panel (panel.tsx) works offline.
import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/** Opens the inspector window; returns the observer to feed the app system's inspection events to. */
export function openStatelyInspector(): (event: InspectionEvent) => void {
  const inspector = createBrowserInspector();
  if (!inspector.adapter?.targetWindow)
    console.warn(
      '[inspect] The Stately inspector window was blocked: allow pop-ups for this site and reload.',
    );
  return (event) => inspector.inspect.next?.(event);
}
