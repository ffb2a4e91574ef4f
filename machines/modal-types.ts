// The data a modal is opened with (issue 5 §1; spec §2 shared modal dialogs, §4 modal buttons, §9 constants).
// Pure data: views render it, machines run it; the events buttons carry go to the app actor, or to the actor
// of the system that `actor` names (an area's, e.g. 'home').

/** Text: literal, or a key of src/i18n/zh-CN.ts resolved by the view (machines hold no player strings). */
export type Text = string | { key: string; args?: ReadonlyArray<string | number> };

/** spec §9: button types. */
export type ButtonType = 'confirm' | 'cancel' | 'danger' | 'hoverCancel';

/** An event sent when a button is clicked (or the modal dismissed): to the app actor, or to `actor`. */
export interface AppEventLike {
  type: string;
  /** The systemId of the actor the event is for (default: the app actor). Not sent along. */
  actor?: string;
  [key: string]: unknown;
}

export interface ButtonSpec {
  label: Text;
  type?: ButtonType;
  /** Disabled until the countdown reaches zero; the label shows the remaining seconds (spec §4). */
  countdownSeconds?: number;
  disabled?: boolean;
  loading?: boolean;
  /** A click does not close the modal (spec §4). */
  stayOpen?: boolean;
  /** Closes every open modal, then runs the events (the deposit warning's "I understand"). */
  closeAll?: boolean;
  events?: ReadonlyArray<AppEventLike>;
}

export type ModalContent =
  | { kind: 'text'; text: Text }
  | {
      kind: 'popActivity';
      pop: { id: number; title: string; content: string; imageUrl: string; linkUrl: string };
    }
  | { kind: 'depositWarning' };

export interface ModalSpec {
  /** The same key opened again within the de-dup window is not opened twice (spec §9 700 ms). */
  key: string;
  kind: 'confirm' | 'info' | 'alert';
  title: Text;
  content: ModalContent;
  buttons: ReadonlyArray<ButtonSpec>;
  position?: 'top' | 'center' | 'scroll';
  /** A backdrop click closes it (spec §2). */
  maskClosable?: boolean;
  /** The close icon (and Escape) close it. */
  closable?: boolean;
  /** Width in px (the deposit warning is 440). */
  width?: number;
  /** Leave animation before the modal is gone (spec §9 default 300 ms). */
  leaveMs?: number;
  /**
   * Stacking: a higher priority stays above lower ones whatever the opening order (a session notice is not
   * buried under a promotional pop-up). Default 0.
   */
  priority?: number;
  /** The page the modal belongs to: leaving it drops the modal (without its dismiss events). */
  route?: string;
  /** Events run when the modal is dismissed without a button (close icon, Escape, backdrop). */
  onDismiss?: ReadonlyArray<AppEventLike>;
}

/** spec §9: two-button footers give the first button hoverCancel; a lone button is a confirm by default. */
export function footerButtons(buttons: ReadonlyArray<ButtonSpec>): ButtonSpec[] {
  return buttons.map((b, i) => ({
    ...b,
    type: buttons.length === 2 && i === 0 ? 'hoverCancel' : (b.type ?? 'confirm'),
  }));
}
