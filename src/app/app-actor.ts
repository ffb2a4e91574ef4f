import { createActorContext } from '@xstate/react';
import { appMachine } from '../../machines/app.machine.ts';

/** The one app actor, mounted once; views read it with selectors and send it events. */
export const AppActor = createActorContext(appMachine);
