// A fishing game (issue 12 §1 "Fishing", §2; docs/games-by.md "The page"): fish swim across a canvas; a tap or
// click on a fish fires ONE shot at it at the chosen cannon level, and so does Enter or Space on a fish in the
// list of fish on screen (the accessible way to aim; arrow keys move along it). Each shot's stake and result
// are shown plainly (a hit "+¥x", a miss "未命中 −¥x") and listed; the visit's net is in the shell's header.
// No auto-fire: a held key fires once. With reduced motion the fish swim at a fifth of their speed.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fishGameOf, type FishGame } from '../../games-core/by/fish.ts';
import { byText, fishName } from '../../i18n/zh-CN-games-by.ts';
import { newRequestId } from '../api.ts';
import type { GameViewProps } from '../game-module.ts';
import { cannonInput, cannonLogic, type Cannon } from './compose.ts';
import { fishAt, REDUCED_MOTION_SPEED, schoolAt, typesOnScreen, type Sprite } from './school.ts';
import './fishing.css';

/** How often the list of fish on screen is brought up to date (ms). */
const LIST_EVERY_MS = 500;
/** The sea's size before the page has measured it (CSS pixels). */
const DEFAULT_SEA = { width: 360, height: 240 };

function usePrefersReducedMotion(): boolean {
  const query =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const [reduced, setReduced] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const on = () => setReduced(query.matches);
    query.addEventListener?.('change', on);
    return () => query.removeEventListener?.('change', on);
  }, [query]);
  return reduced;
}

function draw(
  ctx: CanvasRenderingContext2D,
  sprites: readonly Sprite[],
  size: { width: number; height: number },
  aim: Sprite | null,
) {
  const { width, height } = size;
  const sea = ctx.createLinearGradient(0, 0, 0, height);
  sea.addColorStop(0, '#0d4a6b');
  sea.addColorStop(1, '#06233a');
  ctx.fillStyle = sea;
  ctx.fillRect(0, 0, width, height);
  for (const s of sprites) {
    ctx.save();
    ctx.translate(s.x, s.y);
    ctx.scale(s.dir, 1);
    ctx.fillStyle = `hsl(${s.hue} 70% 60%)`;
    ctx.beginPath();
    ctx.ellipse(0, 0, s.size, s.size * 0.55, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-s.size * 0.9, 0);
    ctx.lineTo(-s.size * 1.5, -s.size * 0.45);
    ctx.lineTo(-s.size * 1.5, s.size * 0.45);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#111';
    ctx.beginPath();
    ctx.arc(s.size * 0.55, -s.size * 0.12, Math.max(2, s.size * 0.08), 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = '#fff';
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(`×${s.multiplier}`, s.x, s.y - s.size * 0.7);
  }
  // The cannon, and its line to the fish aimed at while the shot is out.
  ctx.fillStyle = '#d9d4e6';
  ctx.fillRect(width / 2 - 14, height - 18, 28, 18);
  if (aim) {
    ctx.strokeStyle = '#ffe08a';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(width / 2, height - 18);
    ctx.lineTo(aim.x, aim.y);
    ctx.stroke();
  }
}

/** The sea: the canvas, animated, and the fish on it reported to the list. */
function Sea({
  game,
  cannon,
  onFire,
  onScreen,
}: {
  game: FishGame;
  cannon: Cannon;
  onFire: (fish: string) => void;
  onScreen: (sprites: Sprite[]) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sprites = useRef<Sprite[]>([]);
  const size = useRef({ ...DEFAULT_SEA });
  const clock = useRef(0);
  const reduced = usePrefersReducedMotion();
  const speed = useRef(1);
  speed.current = reduced ? REDUCED_MOTION_SPEED : 1;
  const [count, setCount] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const ctx = canvas.getContext?.('2d') ?? null;
    let last = performance.now();
    let frame = 0;
    let stopped = false;
    const measure = () => {
      const w = canvas.clientWidth || DEFAULT_SEA.width;
      const h = canvas.clientHeight || DEFAULT_SEA.height;
      const ratio = window.devicePixelRatio || 1;
      size.current = { width: w, height: h };
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
      ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    measure();
    const step = () => {
      const now = performance.now();
      clock.current += ((now - last) / 1000) * speed.current;
      last = now;
      sprites.current = schoolAt(game, clock.current, size.current.width, size.current.height);
      if (ctx) {
        const pending = cannon.getSnapshot().context.pending;
        const aim = pending ? (sprites.current.find((s) => s.fish === pending.fish) ?? null) : null;
        draw(ctx, sprites.current, size.current, aim);
      }
    };
    const loop = () => {
      if (stopped) return;
      step();
      frame = requestAnimationFrame(loop);
    };
    step();
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(loop);
    const report = () => {
      if (typeof requestAnimationFrame !== 'function') step();
      onScreen(sprites.current);
      setCount(sprites.current.length);
    };
    report();
    const timer = setInterval(report, LIST_EVERY_MS);
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(canvas);
    return () => {
      stopped = true;
      if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
      clearInterval(timer);
      resize?.disconnect();
    };
  }, [game, cannon, onScreen]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className="sea"
        role="img"
        aria-label={byText.view.canvasLabel(count)}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const hit = fishAt(sprites.current, e.clientX - rect.left, e.clientY - rect.top);
          if (hit) onFire(hit.fish);
        }}
      />
      {reduced && <p className="muted">{byText.view.slowMotion}</p>}
    </>
  );
}

export function FishingView({ game, client, shell }: GameViewProps) {
  const table = fishGameOf(game.code);
  if (!table) return null;
  return <Fishing game={table} gameName={game.name} client={client} shell={shell} />;
}

function Fishing({
  game,
  gameName,
  client,
  shell,
}: {
  game: FishGame;
  gameName: string;
  client: GameViewProps['client'];
  shell: GameViewProps['shell'];
}) {
  const logic = useMemo(() => cannonLogic(client, shell), [client, shell]);
  const cannon: Cannon = useActorRef(logic, { input: cannonInput(game) });
  const state = useSelector(cannon, (s) => s.value as string);
  const level = useSelector(cannon, (s) => s.context.level);
  const last = useSelector(cannon, (s) => s.context.last);
  const shots = useSelector(cannon, (s) => s.context.shots);
  const refusal = useSelector(cannon, (s) => s.context.refusal);
  const [types, setTypes] = useState<ReturnType<typeof typesOnScreen>>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLUListElement>(null);

  const fire = useCallback(
    (fish: string) => cannon.send({ type: 'fire', fish, requestId: newRequestId() }),
    [cannon],
  );
  const onScreen = useCallback(
    (sprites: Sprite[]) =>
      setTypes((before) => {
        const next = typesOnScreen(game, sprites);
        return JSON.stringify(next) === JSON.stringify(before) ? before : next;
      }),
    [game],
  );

  // The list's roving focus: the selected fish, or the first on screen.
  const current = types.find((t) => t.fish === selected)?.fish ?? types[0]?.fish ?? null;
  useEffect(() => {
    // A focused fish that swam away hands the focus to the one now current.
    const list = listRef.current;
    if (list && list.contains(document.activeElement) && current) {
      const btn = buttons.current.get(current);
      if (btn && document.activeElement !== btn) btn.focus();
    }
  }, [current]);
  const move = (e: KeyboardEvent<HTMLButtonElement>, fish: string) => {
    // One shot per key press (issue 12 §2): a held Enter does not fire again.
    if ((e.key === 'Enter' || e.key === ' ') && e.repeat) {
      e.preventDefault();
      return;
    }
    const at = types.findIndex((t) => t.fish === fish);
    let to = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') to = (at + 1) % types.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') to = (at - 1 + types.length) % types.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = types.length - 1;
    if (to < 0) return;
    e.preventDefault();
    const next = types[to]!.fish;
    setSelected(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <section className="game-by" aria-label={gameName}>
      <Sea game={game} cannon={cannon} onFire={fire} onScreen={onScreen} />
      <div className="by-controls">
        <fieldset className="levels">
          <legend>{byText.view.levels}</legend>
          {game.levels.map((l) => (
            <label key={l} className={l === level ? 'chip on' : 'chip'}>
              <input
                type="radio"
                name={`level-${game.code}`}
                value={l}
                checked={l === level}
                onChange={() => cannon.send({ type: 'level.set', stake: l })}
              />
              {byText.view.level(l)}
            </label>
          ))}
        </fieldset>
        <div className="status" aria-live="polite" data-testid="shot-status">
          {state === 'firing' && <p>{byText.view.firing}</p>}
          {state === 'ready' && (
            <p className="muted">
              {byText.view.ready} · {byText.view.stakeLine(level)}
            </p>
          )}
          {state === 'showing' && last && (
            <p className={last.outcome.hit ? 'won' : 'missed'}>
              {fishName(last.outcome.fish)} · {byText.view.stakeLine(last.outcome.stake)} ·{' '}
              <strong>
                {last.outcome.hit
                  ? byText.view.won(last.outcome.payout)
                  : byText.view.missed(last.outcome.stake)}
              </strong>
            </p>
          )}
        </div>
        {state === 'refused' && refusal && (
          <div role="alert" className="by-alert">
            <p>{refusal.code === 41002 ? byText.view.noFunds : refusal.message}</p>
            <button type="button" className="secondary" onClick={() => cannon.send({ type: 'dismiss' })}>
              {byText.view.dismiss}
            </button>
          </div>
        )}
        {state === 'failed' && (
          <div role="alert" className="by-alert">
            <p>{byText.view.failed}</p>
            <div className="actions">
              <button type="button" onClick={() => cannon.send({ type: 'retry' })}>
                {byText.view.retry}
              </button>
              <button type="button" className="secondary" onClick={() => cannon.send({ type: 'dismiss' })}>
                {byText.view.dismiss}
              </button>
            </div>
          </div>
        )}
      </div>
      <div className="by-lists">
        <section aria-labelledby="by-fish-title" className="card">
          <h3 id="by-fish-title">{byText.view.fishList}</h3>
          {types.length === 0 ? (
            <p className="muted">{byText.view.noFish}</p>
          ) : (
            <ul ref={listRef} className="fish-list">
              {types.map((t) => (
                <li key={t.fish}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(t.fish, el);
                      else buttons.current.delete(t.fish);
                    }}
                    tabIndex={t.fish === current ? 0 : -1}
                    onFocus={() => setSelected(t.fish)}
                    onKeyDown={(e) => move(e, t.fish)}
                    onClick={() => fire(t.fish)}
                    disabled={state === 'failed'}
                  >
                    {byText.view.fishButton(fishName(t.fish), t.multiplier, t.count)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="by-shots-title" className="card">
          <h3 id="by-shots-title">{byText.view.lastShots}</h3>
          {shots.length === 0 ? (
            <p className="muted">{byText.view.noShots}</p>
          ) : (
            <ol className="shots" data-testid="last-shots">
              {shots.map((s) => (
                <li key={s.orderNo} className={s.outcome.hit ? 'won' : 'missed'}>
                  {s.outcome.hit
                    ? byText.view.shotHit(fishName(s.outcome.fish), s.outcome.stake, s.outcome.payout)
                    : byText.view.shotMiss(fishName(s.outcome.fish), s.outcome.stake)}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </section>
  );
}
