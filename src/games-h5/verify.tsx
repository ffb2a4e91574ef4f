// The verify view (issue 12 §2): the commitment in use, the seed change that reveals it, and the player's last
// rounds, each checked again here from its revealed seed with the same games-core code the server used: the
// seed's SHA-256 against the hash shown before play, and the recomputed outcome against the one recorded.
import { useActorRef, useSelector } from '@xstate/react';
import { use, useState } from 'react';
import { fromPromise } from 'xstate';
import { verifyMachine } from '../../machines/games/verify.machine.ts';
import { CLIENT_SEED_PATTERN, seedHashOf } from '../games-core/fair.ts';
import type { GameDef, PlayedRound } from '../protocol/games.ts';
import type { GamesClient } from './api.ts';
import { yuan } from './format.ts';
import type { GameModule } from './game-module.ts';
import { text } from './text.ts';

function RoundCheck({ round, module }: { round: PlayedRound; module: GameModule }) {
  const fair = round.fair;
  if (!fair) return null;
  if (fair.serverSeed === null)
    return (
      <p className="muted">
        {text.verify.hash} <code>{fair.seedHash}</code> ·{' '}
        {round.roundId ? text.verify.roundOpen : text.verify.notRevealed}
      </p>
    );
  const hashOk = seedHashOf(fair.serverSeed) === fair.seedHash;
  const result = module.verify(round);
  return (
    <div className="check">
      <p>
        {text.verify.serverSeed} <code>{fair.serverSeed}</code>
      </p>
      <p>
        {text.verify.clientSeed} <code>{fair.clientSeed}</code> · {text.verify.nonceLabel(fair.nonce)}
      </p>
      <p className={hashOk ? 'ok' : 'bad'} role={hashOk ? undefined : 'alert'}>
        {hashOk ? text.verify.hashOk : text.verify.hashBad}
      </p>
      <ul className="lines">
        {result.lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      <p className={result.ok ? 'ok' : 'bad'} role={result.ok ? undefined : 'alert'}>
        {result.ok ? text.verify.resultOk : text.verify.resultBad}
      </p>
    </div>
  );
}

export function VerifyPanel({
  game,
  client,
  module,
}: {
  game: GameDef;
  client: GamesClient;
  module: Promise<GameModule>;
}) {
  const m = use(module);
  const actor = useActorRef(
    verifyMachine.provide({
      actors: {
        readVerify: fromPromise(async ({ input }: { input: { game: string | null } }) => {
          const [commit, { rounds }] = await Promise.all([
            client.seed(),
            client.rounds(input.game ?? undefined),
          ]);
          return { commit, rounds };
        }),
        rotateSeed: fromPromise(({ input }: { input: { clientSeed?: string } }) =>
          client.rotateSeed(input.clientSeed),
        ),
      },
    }),
    { input: { game: game.code } },
  );
  const state = useSelector(actor, (s) =>
    s.matches('failed')
      ? 'failed'
      : s.matches('rotating')
        ? 'rotating'
        : s.matches('loading')
          ? 'loading'
          : 'ready',
  );
  const data = useSelector(actor, (s) => s.context.data);
  const rotation = useSelector(actor, (s) => s.context.rotation);
  const problem = useSelector(actor, (s) => s.context.rotateProblem);
  const [clientSeed, setClientSeed] = useState('');
  const seedValid = clientSeed === '' || CLIENT_SEED_PATTERN.test(clientSeed);
  return (
    <section aria-labelledby="verify-title" className="verify">
      <h2 id="verify-title">{text.verify.title}</h2>
      <p className="muted">{text.verify.intro}</p>
      {state === 'failed' && (
        <p role="alert">
          {text.loadFailed}{' '}
          <button type="button" onClick={() => actor.send({ type: 'verify.reload' })}>
            {text.retry}
          </button>
        </p>
      )}
      {data && (
        <dl className="commit">
          <div>
            <dt>{text.verify.seedNow}</dt>
            <dd>
              <code data-testid="seed-hash">{data.commit.seedHash}</code>
            </dd>
          </div>
          <div>
            <dt>{text.verify.clientSeed}</dt>
            <dd>
              <code>{data.commit.clientSeed}</code>
            </dd>
          </div>
          <div>
            <dt>{text.verify.nonce}</dt>
            <dd>{data.commit.nonce}</dd>
          </div>
        </dl>
      )}
      <form
        className="rotate"
        onSubmit={(e) => {
          e.preventDefault();
          if (seedValid) actor.send({ type: 'verify.rotate', ...(clientSeed ? { clientSeed } : {}) });
        }}
      >
        <label htmlFor="client-seed">{text.verify.newClientSeed}</label>
        <input
          id="client-seed"
          value={clientSeed}
          maxLength={64}
          autoComplete="off"
          aria-invalid={!seedValid}
          onChange={(e) => setClientSeed(e.target.value.trim())}
        />
        <button type="submit" disabled={state !== 'ready' || !seedValid}>
          {state === 'rotating' ? text.verify.rotating : text.verify.rotate}
        </button>
      </form>
      {rotation && <p role="status">{text.verify.rotated(rotation.revealed.rounds)}</p>}
      {problem === 'openHand' && <p role="alert">{text.verify.rotateRefused}</p>}
      {problem === 'failed' && <p role="alert">{text.loadFailed}</p>}
      <h3>{text.verify.rounds}</h3>
      {state === 'loading' && !data && <p className="muted">{text.loading}</p>}
      {data && data.rounds.length === 0 && <p>{text.verify.empty}</p>}
      {data && data.rounds.length > 0 && (
        <ol className="rounds">
          {data.rounds.map((r) => (
            <li key={r.orderNo}>
              <p>
                <strong>{r.play}</strong> {r.pick} · {text.status[r.status]}
              </p>
              <p className="muted">
                {text.verify.order} {r.orderNo} · {text.verify.stakeAndPayout(yuan(r.stake), yuan(r.payout))}
              </p>
              <RoundCheck round={r} module={m} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
