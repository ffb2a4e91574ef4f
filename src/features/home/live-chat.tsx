import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { loginStatus } from '../../../machines/session.machine.ts';
import { t } from '../../i18n/zh-CN.ts';
import { CHAT_MAX_WIDTH } from '../../protocol/stream.ts';
import { chatReasonText, speechOf } from './chat-speech.ts';

/**
 * The live-stream chat room (issue 5 §3). Messages are plain text rendered by React (escaped, never HTML);
 * who may speak comes from the socket login data (speechStatus and vipMin..vipMax); others read only and
 * the page says why.
 */
export function LiveChat() {
  const socketRef = useSystemActor('socket');
  const chat = useSelector(socketRef, (s) => ({
    messages: s?.context.room.messages ?? [],
    error: s?.context.room.error ?? null,
    login: s?.context.loginData ?? null,
    loggedIn: s?.matches({ link: { online: { open: { login: 'loggedIn' } } } }) ?? false,
  }));
  const sessionRef = useSystemActor('session');
  const status = useSelector(sessionRef, (s) => loginStatus(s));
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const count = chat.messages.length;
  // issue 8 §2: visitors read the room too; the socket asks for its history once it is shown.
  useEffect(() => socketRef.send({ type: 'chat.watch' }), [socketRef]);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const { why, loginLink, width, tooLong, sendDisabled, message } = speechOf({
    loginStatus: status,
    socketLoggedIn: chat.loggedIn,
    loginData: chat.login,
    text,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message === null) return;
    socketRef.send({ type: 'chat.send', text: message });
    setText('');
  };

  return (
    <div className="chat" aria-labelledby="chat-title">
      <h3 id="chat-title" className="chat__title">
        {t.chat.title}
      </h3>
      <ol ref={list} className="chat__messages" aria-label={t.chat.messages} aria-live="polite">
        {count === 0 && <li className="chat__empty">{t.chat.empty}</li>}
        {chat.messages.map((m) => (
          <li key={m.id} className="chat__message">
            <span className="chat__vip">{t.chat.vip(m.vipLevel)}</span>
            <span className="chat__name">{m.name}</span>
            <span className="chat__text">{m.text}</span>
          </li>
        ))}
      </ol>
      {why ? (
        <p className="chat__why" role="status">
          {why} {loginLink && <Link to="/user/login">{t.nav.login}</Link>}
        </p>
      ) : (
        <form className="chat__form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="chat-input">
            {t.chat.label}
          </label>
          <input
            id="chat-input"
            className="field__input"
            value={text}
            placeholder={t.chat.placeholder}
            autoComplete="off"
            aria-invalid={tooLong || undefined}
            aria-describedby="chat-width"
            onChange={(e) => {
              setText(e.target.value);
              if (chat.error) socketRef.send({ type: 'chat.dismissError' });
            }}
          />
          <span id="chat-width" className={`chat__width${tooLong ? ' is-over' : ''}`}>
            {t.chat.width(width, CHAT_MAX_WIDTH)}
          </span>
          <button type="submit" className="btn btn--small" disabled={sendDisabled}>
            {t.chat.send}
          </button>
        </form>
      )}
      {chat.error && (
        <p className="chat__error" role="alert">
          {chat.error.message || chatReasonText(chat.error.reason, chat.login)}
        </p>
      )}
    </div>
  );
}
