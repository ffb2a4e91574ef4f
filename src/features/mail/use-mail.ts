import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { feedbackMachine } from '../../../machines/mail/feedback.machine.ts';
import type { mailAreaMachine } from '../../../machines/mail/mail-area.machine.ts';
import type { mailboxMachine } from '../../../machines/mail/mailbox.machine.ts';
import { useAreaActor, useSystemActor } from '../../app/system.ts';
import type { MemberTopic } from '../../protocol/stream.ts';

// The mail area's actors as the pages read them (views render and send; the machines decide).

export const useMailArea = () => useAreaActor<typeof mailAreaMachine>('mail');

interface Children {
  mailbox: ActorRefFrom<typeof mailboxMachine>;
  feedback: ActorRefFrom<typeof feedbackMachine>;
}

/** The child of the area actor that runs the page's flow, once the area runs and the page's state has it. */
export function useMailChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const area = useMailArea();
  return useSelector(area, (s) => s?.children[id]) as Children[K] | undefined;
}

/**
 * A push of one of these topics (msgId 20006) since the page opened: the area is told (the flow reads again).
 * The socket actor keeps the last push per topic; a push older than the page is not news.
 */
export function useMemberPushes(topics: readonly MemberTopic[], event: 'mail.pushed' | 'feedback.pushed') {
  const area = useMailArea();
  const socket = useSystemActor('socket');
  const stamp = useSelector(socket, (s) => topics.map((t) => s.context.memberChanges[t]?.at ?? '').join('|'));
  const first = useRef(stamp);
  useEffect(() => {
    if (stamp !== first.current) {
      first.current = stamp;
      area?.send({ type: event });
    }
  }, [stamp, area, event]);
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
