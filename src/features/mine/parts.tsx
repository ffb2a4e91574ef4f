import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MineRefusal } from '../../../machines/mine/common.ts';
import type { fieldFormMachine, ProfileField } from '../../../machines/mine/field-form.machine.ts';
import type { loginsMachine } from '../../../machines/mine/logins.machine.ts';
import type { mineMachine } from '../../../machines/mine/mine.machine.ts';
import { useAreaActor } from '../../app/system.ts';
import { mineText } from '../../i18n/zh-CN-mine.ts';
import { formatFen } from '../../protocol/money.ts';

// The mine area's actors as the pages read them (views render and send; the machines decide).

export const useMine = () => useAreaActor<typeof mineMachine>('mine');

interface Children extends Record<ProfileField, ActorRefFrom<typeof fieldFormMachine>> {
  logins: ActorRefFrom<typeof loginsMachine>;
}

/** A child of the mine actor (a field form or the logins list), once the profile is shown. */
export function useMineChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const mine = useMine();
  return useSelector(mine, (s) => s?.children[id]) as Children[K] | undefined;
}

/** An amount as the site writes it (spec §9: two decimals, thousands separators), e.g. ¥1,234.50. */
export const yuan = (fen: number) => `¥${formatFen(fen)}`;

/** A time as the player reads it (zh-CN, 24 h). */
export const clock = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

export function refusalText(r: MineRefusal): string {
  return r.code === 'noAnswer' || !r.message ? mineText.info.noAnswer : r.message;
}

export function RefusalAlert({ refusal }: { refusal: MineRefusal | null }) {
  return (
    <div aria-live="polite">
      {refusal && (
        <p className="form-alert form-alert--error" role="alert">
          {refusalText(refusal)}
        </p>
      )}
    </div>
  );
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {text}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {mineText.home.retry}
      </button>
    </p>
  );
}
