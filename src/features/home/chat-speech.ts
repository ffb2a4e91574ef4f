// Who may speak in the live chat room, why not, and whether the text fits (issue 5 §3, spec §5). Pure: the
// view renders what this says and sends what it allows.
import { textWidth } from '../../../machines/text-width.ts';
import type { LoginStatus } from '../../../machines/navigation-policy.ts';
import { t } from '../../i18n/zh-CN.ts';
import { CHAT_MAX_WIDTH, type LoginData } from '../../protocol/stream.ts';

export interface SpeechInput {
  /** The session's login status: only a member may speak. */
  loginStatus: LoginStatus;
  /** The socket has logged in (its login reply came). */
  socketLoggedIn: boolean;
  /** The socket's login data (speechReason, vipMin..vipMax), or null before it came. */
  loginData: Pick<LoginData, 'speechReason' | 'vipMin' | 'vipMax'> | null;
  /** What the player typed. */
  text: string;
}

export interface Speech {
  /** The socket has logged in and the server names no reason to refuse a message. */
  canSpeak: boolean;
  /** What the page says instead of the form (login, connecting, muted, VIP range, closed), or null. */
  why: string | null;
  /** A visitor: the page links to the login page. */
  loginLink: boolean;
  /** Text width (spec §5: characters above code 255 count 2). */
  width: number;
  /** Wider than the room allows (CHAT_MAX_WIDTH). */
  tooLong: boolean;
  /** The send button is off: nothing but spaces typed, or too long. */
  sendDisabled: boolean;
  /** What a submit sends (the trimmed text), or null when a submit sends nothing. */
  message: string | null;
}

/** The player's words for a refusal reason (the socket's speechReason or a chatError's reason). */
export function chatReasonText(reason: string, range: { vipMin: number; vipMax: number } | null): string {
  const r = t.chat.reasons[reason];
  if (typeof r === 'function') return r(range?.vipMin ?? 0, range?.vipMax ?? 0);
  return r ?? '';
}

export function speechOf({ loginStatus, socketLoggedIn, loginData, text }: SpeechInput): Speech {
  const member = loginStatus === 'member';
  const width = textWidth(text);
  const tooLong = width > CHAT_MAX_WIDTH;
  const canSpeak = socketLoggedIn && loginData?.speechReason == null;
  let why: string | null = null;
  if (!member) why = t.chat.loginToSpeak;
  else if (!socketLoggedIn) why = t.chat.connecting;
  else if (loginData?.speechReason) why = chatReasonText(loginData.speechReason, loginData);
  const trimmed = text.trim();
  return {
    canSpeak,
    why,
    loginLink: !member,
    width,
    tooLong,
    sendDisabled: !trimmed || tooLong,
    message: canSpeak && !tooLong && trimmed ? trimmed : null,
  };
}
