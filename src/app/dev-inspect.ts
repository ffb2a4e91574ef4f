// Development builds may attach an inspector (issue 3 §6); production builds get nothing from here.
import type { InspectionEvent } from 'xstate';

type Observer = (event: InspectionEvent) => void;
const observers = new Set<Observer>();

/** Inspector panels subscribe here; the app actor is created with `inspect` feeding them. */
export function addInspectObserver(observer: Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function devInspect(): { inspect?: Observer } {
  if (!import.meta.env.DEV) return {};
  return { inspect: (event) => observers.forEach((o) => o(event)) };
}
