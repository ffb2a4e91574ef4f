import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { modalHostMachine } from '../../machines/modal-host.machine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { siteGateMachine } from '../../machines/site-gate.machine.ts';
import type { smsCodeMachine } from '../../machines/sms-code.machine.ts';
import type { socketMachine } from '../../machines/socket.machine.ts';
import type { themeMachine } from '../../machines/theme.machine.ts';
import type { titleMarqueeMachine } from '../../machines/title-marquee.machine.ts';
import { AppActor } from './app-actor.ts';

// Views send to the actor they read (issue 8 §1): the shell's children by their systemId, an area's actor by
// its area id. Nothing goes through the root to reach a child.

interface ShellActors {
  siteGate: ActorRefFrom<typeof siteGateMachine>;
  theme: ActorRefFrom<typeof themeMachine>;
  titleMarquee: ActorRefFrom<typeof titleMarqueeMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  smsCode: ActorRefFrom<typeof smsCodeMachine>;
  modals: ActorRefFrom<typeof modalHostMachine>;
  socket: ActorRefFrom<typeof socketMachine>;
}
/** A shell child of the app actor (they start with the app and live as long as it does). */
export function useSystemActor<K extends keyof ShellActors>(id: K): ShellActors[K] {
  const app = AppActor.useActorRef();
  const ref = app.system.get(id) as ShellActors[K] | undefined;
  if (!ref) throw new Error(`the app actor has no child ${id}`);
  return ref;
}

/** An area's actor, once it has joined the system (undefined before its route was entered, or after it left). */
export function useAreaActor<T extends AnyActorLogic>(id: string): ActorRefFrom<T> | undefined {
  const app = AppActor.useActorRef();
  // The app's snapshot lists the running areas, so this re-reads when one joins or leaves.
  return useSelector(app, (s) => (s.context.areas.includes(id) ? app.system.get(id) : undefined)) as
    ActorRefFrom<T> | undefined;
}
