import { depositWarningDialog } from '../../../machines/dialogs.ts';
import type { ModalSpec } from '../../../machines/modal-types.ts';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';

const text = (key: string) => ({ kind: 'text' as const, text: { key } });

/** Example dialogs of every kind the modal system offers (spec §2 /demo): for players, QA and the browser tests. */
const EXAMPLES: Array<{ label: string; spec: ModalSpec }> = [
  {
    label: t.demo.countdown,
    spec: {
      key: 'demo-countdown',
      kind: 'confirm',
      title: { key: 'demo.countdownTitle' },
      content: text('demo.countdownText'),
      buttons: [{ label: { key: 'dialog.cancel' } }, { label: { key: 'demo.agree' }, countdownSeconds: 5 }],
    },
  },
  {
    label: t.demo.mask,
    spec: {
      key: 'demo-mask',
      kind: 'info',
      title: { key: 'demo.maskTitle' },
      content: text('demo.maskText'),
      buttons: [{ label: { key: 'dialog.ok' } }],
      maskClosable: true,
    },
  },
  {
    label: t.demo.noMask,
    spec: {
      key: 'demo-no-mask',
      kind: 'alert',
      title: { key: 'demo.noMaskTitle' },
      content: text('demo.noMaskText'),
      buttons: [{ label: { key: 'dialog.ok' } }],
      maskClosable: false,
    },
  },
  {
    label: t.demo.stacked,
    spec: {
      key: 'demo-stacked',
      kind: 'info',
      title: { key: 'demo.stackedTitle' },
      content: text('demo.stackedText'),
      buttons: [
        { label: { key: 'dialog.close' } },
        {
          label: { key: 'demo.openAnother' },
          stayOpen: true,
          events: [
            {
              type: 'modal.open',
              actor: 'modals',
              spec: {
                key: 'demo-second',
                kind: 'info',
                title: { key: 'demo.secondTitle' },
                content: text('demo.secondText'),
                buttons: [{ label: { key: 'dialog.ok' } }],
                position: 'top',
              },
            },
          ],
        },
      ],
    },
  },
  {
    label: t.demo.top,
    spec: {
      key: 'demo-top',
      kind: 'info',
      title: { key: 'demo.topTitle' },
      content: text('demo.topText'),
      buttons: [{ label: { key: 'dialog.ok' } }],
      position: 'top',
      maskClosable: true,
    },
  },
  {
    label: t.demo.scroll,
    spec: {
      key: 'demo-scroll',
      kind: 'info',
      title: { key: 'demo.scrollTitle' },
      content: {
        kind: 'text',
        text: Array.from({ length: 30 }, (_, i) => t.demo.scrollText(i + 1)).join('\n'),
      },
      buttons: [{ label: { key: 'dialog.ok' } }],
      position: 'scroll',
    },
  },
  {
    label: t.demo.danger,
    spec: {
      key: 'demo-danger',
      kind: 'confirm',
      title: { key: 'demo.dangerTitle' },
      content: text('demo.dangerText'),
      buttons: [
        { label: { key: 'dialog.cancel' } },
        {
          label: { key: 'demo.dangerOk' },
          type: 'danger',
          events: [{ type: 'session.logout', actor: 'session' }],
        },
      ],
    },
  },
  { label: t.demo.deposit, spec: depositWarningDialog() },
];

export function DemoPage() {
  const modals = useSystemActor('modals');
  return (
    <section className="demo" aria-labelledby="demo-title">
      <header className="page-header">
        <h1 id="demo-title">{t.demo.title}</h1>
      </header>
      <p className="demo__intro">{t.demo.intro}</p>
      <ul className="demo__list">
        {EXAMPLES.map((e) => (
          <li key={e.spec.key}>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => modals.send({ type: 'modal.open', spec: e.spec })}
            >
              {e.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
