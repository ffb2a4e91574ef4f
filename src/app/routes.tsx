import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState, type ComponentType } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { RouteError } from '../ui/route-error.tsx';
import { AppActor } from './app-actor.ts';
import type { AreaModule } from './area-module.ts';
import { AREAS } from './areas.ts';
import { RootLayout } from './root-layout.tsx';
import { MOUNTED_ROUTES, type RouteEntry } from './route-table.ts';

// The router's routes, made from the route table and the area registry (issue 8 §1): one pathless layout
// route an area, which loads the area's entry module (its own chunk) and keeps the area's actor in the app's
// system while the player is inside it; under it, one route a spec §2 path. Nothing here names an area.

/** What a route tells the navigation policy (root-layout.tsx reads it with useMatches). */
export type RouteHandle = Pick<RouteEntry, 'access' | 'onlyWhen'>;

const pendingPage = () => import('./pending-page.tsx').then((m) => m.PendingPage);

/** The area's layout: the area's actor joins the system before its pages render, and leaves after. */
function areaLayout(id: string, mod: AreaModule): ComponentType {
  const actor = mod.actor;
  if (!actor) return Outlet;
  return function AreaLayout() {
    const app = AppActor.useActorRef();
    const [entryPath] = useState(useLocation().pathname);
    const joined = useSelector(app, (s) => s.context.areas.includes(id));
    useLayoutEffect(() => {
      app.send({ type: 'area.enter', id, logic: actor.logic, input: actor.input(entryPath) });
      return () => {
        if (!actor.keepAlive) app.send({ type: 'area.leave', id });
      };
    }, [app, entryPath]);
    return joined ? <Outlet /> : null;
  };
}

function areaRoute(area: string, entries: RouteEntry[]): RouteObject {
  const load = AREAS[area];
  const module = async () => (load ? (await load()).area : null);
  const page = (path: string) => async () => {
    const mod = await module();
    return { Component: mod?.pages[path] ?? (await pendingPage()) };
  };
  const children: RouteObject[] = entries.map((entry) => {
    const handle: RouteHandle = { access: entry.access, onlyWhen: entry.onlyWhen };
    return entry.path === '/'
      ? { index: true, handle, lazy: page(entry.path) }
      : { path: entry.path.slice(1), handle, lazy: page(entry.path) };
  });
  if (entries.some((e) => e.path === '/404')) {
    // Any other address is the not-found page (its area serves both).
    children.push({ path: '*', handle: { access: 'public' } satisfies RouteHandle, lazy: page('/404') });
  }
  return {
    id: `area:${area}`,
    lazy: async () => {
      const mod = await module();
      return { Component: mod ? areaLayout(area, mod) : Outlet };
    },
    children,
  };
}

const byArea = new Map<string, RouteEntry[]>();
for (const entry of MOUNTED_ROUTES) byArea.set(entry.area, [...(byArea.get(entry.area) ?? []), entry]);

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [...byArea].map(([area, entries]) => areaRoute(area, entries)),
  },
];
