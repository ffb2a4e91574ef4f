import type { ModalSpec } from '../modal-types.ts';
import type { PopInfo } from '../../src/protocol/site.ts';

/** The home page's pop-up activity (once a day); any way of closing it counts as seen. */
export function popActivityDialog(pop: PopInfo): ModalSpec {
  // Its events go to the home area's actor (systemId 'home'), not the app.
  const seen = { type: 'home.popClose', actor: 'home' };
  return {
    key: `pop:${pop.id}`,
    // The home page's own: leaving home drops it unseen, and the next visit offers it again.
    route: '/',
    kind: 'info',
    title: pop.title,
    content: { kind: 'popActivity', pop },
    buttons: [
      { label: { key: 'home.popClose' }, events: [seen] },
      {
        label: { key: 'home.popGo' },
        events: pop.linkUrl ? [seen, { type: 'app.navigate', to: pop.linkUrl }] : [seen],
      },
    ],
    position: 'center',
    closable: true,
    maskClosable: true,
    onDismiss: [seen],
  };
}
