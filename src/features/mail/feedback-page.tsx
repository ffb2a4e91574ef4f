import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type ChangeEvent, type FormEvent } from 'react';
import { lastPage } from '../../../machines/mail/common.ts';
import { mailText as m } from '../../i18n/zh-CN-mail.ts';
import {
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TEXT_MAX_WIDTH,
  FEEDBACK_TYPES,
  feedbackTextWidth,
  type Feedback,
} from '../../protocol/mail.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { pickImage } from './images.ts';
import { Failed, Header, Pager, Refusal } from './parts.tsx';
import { useMailChild, useMemberPushes, when } from './use-mail.ts';

const PUSH_TOPICS = ['feedback'] as const;

/** A preview of a picked image (an object URL of its bytes, let go when it leaves). */
function Thumb({ data, type, alt }: { data: string; type: string; alt: string }) {
  const url = useMemo(() => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type }));
  }, [data, type]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="feedback-thumb" src={url} alt={alt} width={72} height={72} />;
}

function FeedbackForm() {
  const flow = useMailChild('feedback');
  const formState = useSelector(flow, (s) => (s ? (s.value as { form: string }).form : 'editing'));
  const ctx = useSelector(flow, (s) => s?.context);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  if (!flow || !ctx) return null;
  const { form, problems } = ctx;
  const sending = formState === 'sending';
  const width = feedbackTextWidth(form.text.trim());
  const textError =
    problems?.text === 'short' ? m.textShort : problems?.text === 'long' ? m.textLong : undefined;
  const typeError = problems?.type ? m.needType : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'feedback.submit' });
  };
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    for (const file of files) flow.send({ type: 'feedback.addImage', image: await pickImage(file) });
  };
  return (
    <form className="card feedback-form" onSubmit={submit} noValidate aria-label={m.feedbackTitle}>
      <fieldset
        className={`field feedback-types${typeError ? ' field--invalid' : ''}`}
        aria-describedby={typeError ? `${id}-type-error` : undefined}
        disabled={sending}
      >
        <legend className="field__label">{m.type}</legend>
        <div className="feedback-types__options">
          {FEEDBACK_TYPES.map((type) => (
            <label key={type} className="feedback-type">
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={form.type === type}
                onChange={() => flow.send({ type: 'feedback.type', value: type })}
              />
              <span>{m.types[type]}</span>
            </label>
          ))}
        </div>
        {typeError && (
          <p id={`${id}-type-error`} className="field__error">
            {typeError}
          </p>
        )}
      </fieldset>
      <div className={`field${textError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-text`}>
          {m.text}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input feedback-text"
          rows={5}
          value={form.text}
          disabled={sending}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`${id}-text-hint${textError ? ` ${id}-text-error` : ''}`}
          onChange={(e) => flow.send({ type: 'feedback.text', value: e.target.value })}
        />
        <p id={`${id}-text-hint`} className="field__hint">
          {m.textHint} <span className="feedback-width">{m.width(width, FEEDBACK_TEXT_MAX_WIDTH)}</span>
        </p>
        {textError && (
          <p id={`${id}-text-error`} className="field__error">
            {textError}
          </p>
        )}
      </div>
      <div className="field">
        <span className="field__label" id={`${id}-images`}>
          {m.images}
        </span>
        <p className="field__hint" id={`${id}-images-hint`}>
          {m.imagesHint}
        </p>
        <ul className="feedback-picked" aria-labelledby={`${id}-images`}>
          {form.images.map((img, i) => (
            <li key={`${img.name}-${i}`}>
              <Thumb data={img.data} type={img.type ?? 'image/png'} alt={m.imageAlt(i + 1)} />
              <button
                type="button"
                className="btn btn--small btn--ghost"
                disabled={sending}
                aria-label={m.removeImage(i + 1)}
                onClick={() => flow.send({ type: 'feedback.removeImage', index: i })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {form.images.length < FEEDBACK_IMAGES_MAX && (
          <label className="btn btn--small btn--ghost feedback-add">
            {m.addImage}
            <input
              ref={fileInput}
              className="visually-hidden"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              disabled={sending}
              aria-describedby={`${id}-images-hint`}
              onChange={(e) => void pick(e)}
            />
          </label>
        )}
        {ctx.imageRefused && (
          <p className="field__error" role="alert">
            {m.imageProblem[ctx.imageRefused.problem](ctx.imageRefused.name)}
          </p>
        )}
      </div>
      <Refusal refusal={ctx.refusal} onDismiss={() => flow.send({ type: 'feedback.dismiss' })} />
      {ctx.sent && (
        <p className="form-alert form-alert--info" role="status">
          {m.sent}
        </p>
      )}
      <button type="submit" className="btn btn--block" disabled={sending} aria-busy={sending || undefined}>
        {sending ? m.sending : m.submit}
      </button>
    </form>
  );
}

function FeedbackItem({ f }: { f: Feedback }) {
  return (
    <li className="feedback-item" data-feedback-id={f.id}>
      <p className="mail-meta">
        <span className="mail-tag">{m.types[f.type]}</span>
        <span>
          {m.submittedAt} <time dateTime={f.createdAt}>{when(f.createdAt)}</time>
        </span>
      </p>
      <p className="feedback-item__text">{f.text}</p>
      {f.images.length > 0 && (
        <ul className="feedback-images">
          {f.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img src={src} alt={m.imageAlt(i + 1)} width={72} height={72} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {f.reply !== null ? (
        <div className="feedback-reply">
          <p className="feedback-reply__label">
            {m.reply}
            {f.repliedAt && (
              <>
                {' · '}
                <time dateTime={f.repliedAt}>{when(f.repliedAt)}</time>
              </>
            )}
          </p>
          <p className="feedback-reply__text">{f.reply}</p>
        </div>
      ) : (
        <p className="feedback-waiting">{m.waiting}</p>
      )}
    </li>
  );
}

/** /mine/feedback (issue 13 §2): send feedback with images; the member's feedback and the replies. */
export function FeedbackPage() {
  const flow = useMailChild('feedback');
  const listState = useSelector(flow, (s) => (s ? (s.value as { list: string }).list : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  useMemberPushes(PUSH_TOPICS, 'feedback.pushed');
  if (!flow || !ctx)
    return (
      <>
        <Header title={m.feedbackTitle} />
        <LoadingScreen />
      </>
    );
  const list = ctx.list;
  return (
    <>
      <Header title={m.feedbackTitle} />
      <FeedbackForm />
      <section className="card feedback-list" aria-labelledby="feedback-mine">
        <h2 id="feedback-mine">{m.mine}</h2>
        {listState === 'failed' && <Failed onRetry={() => flow.send({ type: 'feedback.retry' })} />}
        {!list ? (
          listState !== 'failed' && <LoadingScreen />
        ) : list.items.length === 0 ? (
          <p className="mail-empty">{m.noFeedback}</p>
        ) : (
          <ul className="feedback-items">
            {list.items.map((f) => (
              <FeedbackItem key={f.id} f={f} />
            ))}
          </ul>
        )}
        {list && (
          <Pager
            page={ctx.page}
            pages={lastPage(list)}
            busy={listState === 'loading'}
            onPage={(page) => flow.send({ type: 'feedback.page', page })}
          />
        )}
      </section>
    </>
  );
}
