// The dialogs the app opens itself, as modal specs (texts are i18n keys; the view resolves them).
import type { ModalSpec } from './modal-types.ts';

/** Notices about the player's session or safety stay above anything promotional. */
export const NOTICE_PRIORITY = 10;

/** spec §2, §8: a notice with the server's message; the default alert title is the friendly-notice title. */
export function noticeDialog(kind: 'alert' | 'confirm', message: string, okTo: string | null): ModalSpec {
  const ok = { label: { key: 'dialog.ok' }, events: okTo ? [{ type: 'app.navigate', to: okTo }] : [] };
  return {
    key: `notice:${kind}:${message}`,
    kind,
    title: { key: 'dialog.noticeTitle' },
    content: { kind: 'text', text: message },
    buttons: kind === 'confirm' ? [{ label: { key: 'dialog.cancel' } }, ok] : [ok],
    position: 'center',
    closable: true,
    maskClosable: false,
    priority: NOTICE_PRIORITY,
  };
}

/** spec §2, §9: the deposit-safety warning is 440 px wide. */
export const DEPOSIT_WARNING_WIDTH = 440;

/**
 * spec §2: the pre-built deposit-safety warning. Its one button, "I understand", closes all modals and then
 * runs the optional callback (events for the app).
 */
export function depositWarningDialog(callback: ModalSpec['onDismiss'] = []): ModalSpec {
  return {
    key: 'deposit-warning',
    kind: 'alert',
    title: { key: 'deposit.warningTitle' },
    content: { kind: 'depositWarning' },
    buttons: [{ label: { key: 'deposit.understood' }, type: 'confirm', closeAll: true, events: callback }],
    position: 'center',
    width: DEPOSIT_WARNING_WIDTH,
    closable: false,
    maskClosable: false,
    priority: NOTICE_PRIORITY,
  };
}

/**
 * issue 19 §1 finding 1: logging out asks first. Cancel (first, the safe default the dialog focuses), the close
 * icon and Escape keep the session; only 退出登录 sends session.logout to the session actor. A backdrop click does
 * nothing (a stray tap must not log anyone out, nor dismiss the question silently).
 */
export function logoutConfirmDialog(): ModalSpec {
  return {
    key: 'logout-confirm',
    kind: 'confirm',
    title: { key: 'auth.logoutConfirmTitle' },
    content: { kind: 'text', text: { key: 'auth.logoutConfirmText' } },
    buttons: [
      { label: { key: 'dialog.cancel' } },
      {
        label: { key: 'auth.logout' },
        type: 'danger',
        events: [{ type: 'session.logout', actor: 'session' }],
      },
    ],
    position: 'center',
    closable: true,
    maskClosable: false,
  };
}
