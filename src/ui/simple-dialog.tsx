import { useEffect, useRef } from 'react';
import { t } from '../i18n/zh-CN.ts';

/**
 * The simplest modal: the friendly-notice title, the server's message, OK (and Cancel for a confirm). The
 * dialogs issue replaces it with the modal machines. Focus moves in, Escape cancels, focus returns.
 */
export function SimpleDialog(props: {
  kind: 'alert' | 'confirm';
  message: string;
  onOk: () => void;
  onCancel: () => void;
}) {
  const okRef = useRef<HTMLButtonElement>(null);
  const { onCancel } = props;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role={props.kind === 'alert' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby="simple-dialog-title"
        aria-describedby="simple-dialog-message"
      >
        <div className="dialog__body">
          <h2 id="simple-dialog-title" className="dialog__title">
            {t.dialog.noticeTitle}
          </h2>
          <p id="simple-dialog-message">{props.message}</p>
        </div>
        <div className="dialog__footer">
          {props.kind === 'confirm' && (
            <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
              {t.dialog.cancel}
            </button>
          )}
          <button ref={okRef} type="button" className="btn" onClick={props.onOk}>
            {t.dialog.ok}
          </button>
        </div>
      </div>
    </div>
  );
}
