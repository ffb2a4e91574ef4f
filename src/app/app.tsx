import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppMachine } from '../../machines/app.machine.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppActor } from './app-actor.ts';
import type { AppInput } from '../../machines/app.machine.ts';
import { appEffects } from './compose.ts';
import { devInspect } from './dev-inspect.ts';
import { routes } from './routes.tsx';

const machine = createAppMachine(appEffects);
/** The offline state machine inspector: development builds only (production drops the import). */
const InspectorPanel = import.meta.env.DEV ? lazy(() => import('./inspector/panel.tsx')) : null;

export function App({ input }: { input: AppInput }) {
  const router = useMemo(
    () => createBrowserRouter(routes.map((r) => ({ ...r, HydrateFallback: LoadingScreen }))),
    [],
  );
  return (
    <ErrorBoundary>
      <AppActor.Provider logic={machine} options={{ input, ...devInspect() }}>
        <RouterProvider router={router} />
      </AppActor.Provider>
      {InspectorPanel && (
        <Suspense fallback={null}>
          <InspectorPanel />
        </Suspense>
      )}
    </ErrorBoundary>
  );
}
