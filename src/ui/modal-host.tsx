import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { OpenModal } from '../../machines/modal-host.machine.ts';
import type { modalButtonMachine } from '../../machines/modal-button.machine.ts';
import type { ModalContent } from '../../machines/modal-types.ts';
import { useSystemActor } from '../app/system.ts';
import { t } from '../i18n/zh-CN.ts';
import { resolveText } from './text.ts';

/** Every open modal, stacked in opening order; Escape closes the top closable one (issue 5 §1). */
export function ModalHost() {
  const hostRef = useSystemActor('modals');
  const modals = useSelector(hostRef, (s) => s.context.modals);
  const open = modals.length > 0;
  // Where focus goes back once the whole stack is gone: the page element that had it before the first dialog.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    const to = returnFocus.current;
    returnFocus.current = null;
    if (to && document.contains(to)) to.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hostRef.send({ type: 'modal.closeTop' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hostRef, open]);
  return (
    <>
      {modals.map((m, i) => (
        <ModalView key={m.id} modal={m} top={i === modals.length - 1} depth={i} returnFocus={returnFocus} />
      ))}
    </>
  );
}

const FOCUSABLE = 'button:not([disabled]), a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

function ModalView({
  modal,
  top,
  depth,
  returnFocus,
}: {
  modal: OpenModal;
  top: boolean;
  depth: number;
  returnFocus: { current: HTMLElement | null };
}) {
  const host = useSystemActor('modals');
  const { spec, buttonRefs } = useSelector(modal.ref, (s) => s.context);
  const leaving = useSelector(modal.ref, (s) => !s.matches('open'));
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // Only the top dialog holds focus (WAI-ARIA modal dialogs): it takes focus when it opens on top or becomes
  // the top one again; a dialog opening below the top one leaves focus where it is. When the last dialog goes,
  // focus returns to the page element that had it before the first one (ModalHost). Found by the modal host's
  // UI model test: a pop-up opening below a notice took focus into the covered dialog.
  useEffect(() => {
    if (!top) return;
    const active = document.activeElement as HTMLElement | null;
    if (!returnFocus.current && active && !active.closest('.modal-backdrop')) returnFocus.current = active;
    const el = dialogRef.current;
    const first =
      el?.querySelector<HTMLElement>('.modal__footer ' + FOCUSABLE) ??
      el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
  }, [top, returnFocus]);

  // Tab stays inside the top dialog.
  const trap = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const position = spec.position ?? 'center';
  const deposit = spec.content.kind === 'depositWarning';
  return (
    <div
      className={`modal-backdrop modal-backdrop--${position}${leaving ? ' is-leaving' : ''}`}
      style={{ zIndex: 50 + depth }}
      // A dialog covered by another is inert like the page (issue 19 §1 finding 4): only the top one is reachable
      // (aria-hidden too, for the tools that do not know inert).
      aria-hidden={top ? undefined : true}
      inert={!top}
      onClick={(e) => {
        if (e.target !== e.currentTarget || leaving) return;
        if (spec.maskClosable) host.send({ type: 'modal.close', id: modal.id });
        // A click on the backdrop of a dialog that stays keeps focus in the dialog, not on the page behind.
        else dialogRef.current?.focus();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal${deposit ? ' modal--deposit' : ''}`}
        role={spec.kind === 'alert' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        style={spec.width ? { width: `min(${spec.width}px, calc(100vw - 32px))` } : undefined}
        onKeyDown={trap}
      >
        {/* Plain divs: a <header>/<footer> outside <main> would be a second banner/contentinfo landmark. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {resolveText(spec.title)}
          </h2>
          {spec.closable !== false && (
            <button
              type="button"
              className="modal__close"
              aria-label={t.dialog.closeIcon}
              onClick={() => host.send({ type: 'modal.close', id: modal.id })}
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          )}
        </div>
        <div id={bodyId} className="modal__body">
          <Content content={spec.content} />
        </div>
        <div className="modal__footer">
          {buttonRefs.map((ref) => (
            <ModalButton key={ref.id} buttonRef={ref} />
          ))}
        </div>
      </div>
    </div>
  );
}

function Content({ content }: { content: ModalContent }) {
  switch (content.kind) {
    case 'text':
      return <p className="modal__text">{resolveText(content.text)}</p>;
    case 'popActivity':
      return (
        <>
          {content.pop.imageUrl && (
            <div className="modal__media">
              {/* The largest thing a pop-up shows, often the page's largest paint: asked for first. */}
              <img src={content.pop.imageUrl} alt="" width="440" height="220" fetchPriority="high" />
            </div>
          )}
          <p className="modal__text">{content.pop.content}</p>
        </>
      );
    case 'depositWarning':
      return (
        <div className="deposit-warning">
          <svg className="deposit-warning__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2 3 6v6c0 5 3.8 9.3 9 10 5.2-.7 9-5 9-10V6z" fill="currentColor" opacity="0.15" />
            <path
              d="M12 2 3 6v6c0 5 3.8 9.3 9 10 5.2-.7 9-5 9-10V6zM12 8v5M12 16.2v.1"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <p className="modal__text deposit-warning__text">{t.deposit.warningText}</p>
          <p className="deposit-warning__hint">{t.deposit.warningHint}</p>
        </div>
      );
  }
}

function ModalButton({ buttonRef }: { buttonRef: ActorRefFrom<typeof modalButtonMachine> }) {
  const state = useSelector(buttonRef, (s) => ({
    value: s.value as string,
    remaining: s.context.remaining,
    spec: s.context.spec,
  }));
  const label = resolveText(state.spec.label);
  const counting = state.value === 'counting';
  const loading = state.value === 'loading';
  const inactive = state.value !== 'ready';
  return (
    <button
      type="button"
      className={`btn modal__button modal__button--${state.spec.type ?? 'confirm'}`}
      disabled={counting || state.value === 'disabled'}
      aria-disabled={inactive || undefined}
      aria-busy={loading || undefined}
      onClick={() => buttonRef.send({ type: 'button.click' })}
    >
      {loading ? t.dialog.loading : counting ? t.dialog.countdown(label, state.remaining) : label}
    </button>
  );
}
