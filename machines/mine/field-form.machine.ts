import { assign, fromPromise, setup } from 'xstate';
import { PASSWORD_PATTERN } from '../../src/protocol/member.ts';
import {
  birthdayProblem,
  isAvatar,
  nicknameProblem,
  type BirthdayProblem,
  type NicknameProblem,
} from '../../src/protocol/profile.ts';
import { refusalOf, type MineRefusal } from './common.ts';

// One field of /mine/userInfo (issue 13 §1): the nickname, the avatar, the birthday or the login password.
// idle (the value shown) → editing (the draft, checked by the protocol's rules before anything is sent) →
// saving → saved, or refused with the server's coded message (31001–31004, 6027/6028) kept on the form with
// what was typed. The birthday is set once: with one set (or once saved) the field is `locked`.
// Saving tells the parent (`saved`, with the answer): the profile shows the new value; a password change hands
// the parent the renewed login. `quietSocket` runs as the password is sent (the change kicks the member's
// sockets, this one's too: docs/member-centre.md), `wakeSocket` when it is refused.

export type ProfileField = 'nickname' | 'avatar' | 'birthday' | 'password';

export type FieldProblem =
  | 'required'
  | NicknameProblem
  | 'avatarUnknown'
  | BirthdayProblem
  | 'oldRequired'
  | 'passwordFormat'
  | 'mismatch'
  | 'same';

export interface Draft {
  value: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
}
export type DraftName = keyof Draft;

export interface FieldInput {
  field: ProfileField;
  /** The value the profile holds (null: not set; always null for the password). */
  current: string | null;
  /** Epoch ms of "now" for the 18+ rule (the composition passes the clock). */
  today: number;
}

interface Context extends FieldInput {
  draft: Draft;
  problem: FieldProblem | null;
  refusal: MineRefusal | null;
}

export type FieldEvent =
  | { type: 'field.edit' }
  | { type: 'field.input'; name: DraftName; text: string }
  | { type: 'field.save' }
  | { type: 'field.cancel' };

export const EMPTY_DRAFT: Draft = { value: '', oldPassword: '', password: '', confirmPassword: '' };

/** What is wrong with the draft before it is sent (the server checks the same rules again). */
export function fieldProblem(c: Pick<Context, 'field' | 'draft' | 'today'>): FieldProblem | null {
  const d = c.draft;
  switch (c.field) {
    case 'nickname':
      return d.value === '' ? 'required' : nicknameProblem(d.value);
    case 'avatar':
      return isAvatar(d.value) ? null : 'avatarUnknown';
    case 'birthday':
      return d.value === '' ? 'required' : birthdayProblem(d.value, c.today);
    case 'password':
      if (!d.oldPassword) return 'oldRequired';
      if (!PASSWORD_PATTERN.test(d.password)) return 'passwordFormat';
      if (d.password !== d.confirmPassword) return 'mismatch';
      if (d.password === d.oldPassword) return 'same';
      return null;
  }
}

/** The value a saved profile answer holds for the field (the password has none). */
const valueIn = (field: ProfileField, output: unknown): string | null =>
  field === 'password'
    ? null
    : ((((output ?? {}) as Record<string, unknown>)[field] as string | null) ?? null);

const MAX_LENGTH: Record<DraftName, number> = {
  value: 48,
  oldPassword: 64,
  password: 64,
  confirmPassword: 64,
};

export const fieldFormMachine = setup({
  types: {} as { context: Context; events: FieldEvent; input: FieldInput },
  actors: {
    save: fromPromise<unknown, { field: ProfileField; draft: Draft }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The field was saved: the parent takes the answer (the profile, or the renewed login). */
    saved: (_, _p: { field: ProfileField; output: unknown }) => {},
    quietSocket: () => {},
    wakeSocket: () => {},
  },
  guards: {
    editable: ({ context }) => !(context.field === 'birthday' && context.current !== null),
    valid: ({ context }) => fieldProblem(context) === null,
    isPassword: ({ context }) => context.field === 'password',
    nowLocked: ({ context }) => context.field === 'birthday' && context.current !== null,
  },
}).createMachine({
  id: 'field',
  context: ({ input }) => ({ ...input, draft: EMPTY_DRAFT, problem: null, refusal: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'nowLocked', target: 'locked' }, { target: 'idle' }] },
    idle: {
      on: {
        'field.edit': {
          guard: 'editable',
          target: 'editing',
          actions: assign({
            draft: ({ context }) => ({ ...EMPTY_DRAFT, value: context.current ?? '' }),
            problem: null,
            refusal: null,
          }),
        },
      },
    },
    locked: {},
    editing: {
      on: {
        'field.input': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              [event.name]: event.text.slice(0, MAX_LENGTH[event.name]),
            }),
            problem: null,
          }),
        },
        'field.save': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ problem: ({ context }) => fieldProblem(context) }) },
        ],
        'field.cancel': { target: 'idle', actions: assign({ draft: EMPTY_DRAFT, problem: null }) },
      },
    },
    saving: {
      entry: [assign({ refusal: null, problem: null }), { type: 'quietSocket' }],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ field: context.field, draft: context.draft }),
        onDone: {
          target: 'saved',
          actions: [
            assign({
              current: ({ context, event }) => valueIn(context.field, event.output),
              draft: EMPTY_DRAFT,
            }),
            {
              type: 'saved',
              params: ({ context, event }) => ({ field: context.field, output: event.output }),
            },
          ],
        },
        onError: {
          target: 'refused',
          actions: [assign({ refusal: ({ event }) => refusalOf(event.error) }), { type: 'wakeSocket' }],
        },
      },
    },
    refused: {
      on: {
        'field.input': {
          target: 'editing',
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              [event.name]: event.text.slice(0, MAX_LENGTH[event.name]),
            }),
            refusal: null,
          }),
        },
        // Sent again as it was (it passed the rules to be sent; typing goes back to editing).
        'field.save': 'saving',
        'field.cancel': { target: 'idle', actions: assign({ draft: EMPTY_DRAFT, refusal: null }) },
      },
    },
    saved: {
      always: { guard: 'nowLocked', target: 'locked' },
      on: {
        'field.edit': {
          guard: 'editable',
          target: 'editing',
          actions: assign({ draft: ({ context }) => ({ ...EMPTY_DRAFT, value: context.current ?? '' }) }),
        },
      },
    },
  },
});
