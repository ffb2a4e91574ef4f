// One /mine/userInfo field's model (issue 13 §1): idle → editing → saving → saved, or refused on the form; the
// birthday is set once (locked); the password change hands the renewed login to the parent.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import {
  fieldFormMachine,
  type FieldInput,
  type ProfileField,
} from '../../../machines/mine/field-form.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER, profile, refused, TODAY } from './fixtures.ts';

export const SAVE = '0.field.saving';

/** issue 13 §1 / docs/member-centre.md "Profile fields": what each typed value is, written as the rules say. */
const VERDICT: Record<string, string | null> = {
  // nickname: 2–12 characters, Chinese, letters, digits, _; no staff words.
  小明: null,
  官方客服: 'reserved',
  a: 'length',
  // avatar: one of a1–a8.
  a3: null,
  a9: 'avatarUnknown',
  // birthday: 18 or older on 2026-11-26 (TODAY).
  '1990-05-20': null,
  '2015-01-01': 'tooYoung',
  '2008-11-27': 'tooYoung',
  '2008-11-26': null,
};

const SAVED_PROFILE: Record<ProfileField, unknown> = {
  nickname: profile({ nickname: '小明' }),
  avatar: profile({ avatar: 'a3' }),
  birthday: profile({ birthday: '1990-05-20' }),
  password: { token: 'fresh-token', expiresAt: null, ended: 1 },
};

/** 31001 / 31002 / 31003 / 31004 (issue 13 §1; src/protocol/api.ts issue 13 block). */
const REFUSAL: Record<ProfileField, Error> = {
  nickname: refused(31001, '昵称不能包含“客服”“官方”等字样'),
  avatar: refused(31003, '请从站点提供的头像中选择'),
  birthday: refused(31002, '生日设置后不可修改，如需更正请联系客服'),
  password: refused(31004, '原登录密码错误'),
};

const done = (field: ProfileField) => ({ type: `xstate.done.actor.${SAVE}`, output: SAVED_PROFILE[field] });

function eventsOf(field: ProfileField, values: string[]): AnyEventObject[] {
  const inputs: AnyEventObject[] =
    field === 'password'
      ? [
          { type: 'field.input', name: 'oldPassword', text: 'pass1234' },
          { type: 'field.input', name: 'password', text: 'newpass99' },
          { type: 'field.input', name: 'confirmPassword', text: 'newpass99' },
          { type: 'field.input', name: 'confirmPassword', text: 'newpass98' },
        ]
      : values.map((text) => ({ type: 'field.input', name: 'value', text }));
  return [
    { type: 'field.edit' },
    ...inputs,
    { type: 'field.save' },
    { type: 'field.cancel' },
    done(field),
    { type: `xstate.error.actor.${SAVE}`, error: REFUSAL[field] },
    { type: `xstate.error.actor.${SAVE}`, error: NO_ANSWER },
  ];
}

export function provideField(fakes: Fakes) {
  return fieldFormMachine.provide({
    actors: { save: fakes.promise('save') },
    actions: fakes.actions('saved', 'quietSocket', 'wakeSocket'),
  });
}

interface Model {
  current: string | null;
  draft: Record<string, string>;
}

/** The field as the player left it after these events (what they typed since the last edit, what was saved). */
function replay(input: FieldInput, history: readonly AnyEventObject[]): Model {
  const m: Model = { current: input.current, draft: {} };
  for (const e of history) {
    if (e.type === 'field.edit') m.draft = { value: m.current ?? '' };
    if (e.type === 'field.input') m.draft = { ...m.draft, [e['name'] as string]: e['text'] as string };
    if (e.type === 'field.cancel') m.draft = {};
    if (e.type === `xstate.done.actor.${SAVE}`) {
      if (input.field !== 'password') m.current = (e['output'] as Record<string, string>)[input.field]!;
      m.draft = {};
    }
  }
  return m;
}

/** The draft's verdict by the rules (null: may be sent). */
function verdictOf(input: FieldInput, history: readonly AnyEventObject[]): string | null {
  const d = replay(input, history).draft;
  if (input.field === 'password') {
    // issue 13 §1: old password + new by the register page's rules (6–16, letters and digits), typed twice.
    if (!d['oldPassword']) return 'oldRequired';
    if (d['password'] !== 'newpass99') return 'passwordFormat';
    if (d['confirmPassword'] !== 'newpass99') return 'mismatch';
    return null;
  }
  const v = d['value'] ?? '';
  if (v === '') return input.field === 'avatar' ? 'avatarUnknown' : 'required';
  return VERDICT[v] ?? null;
}

/** The birthday is set once (issue 13 §1): with one set, it cannot be edited. */
const locked = (input: FieldInput, history: readonly AnyEventObject[]) =>
  input.field === 'birthday' && replay(input, history).current !== null;

const TABLE: TransitionTable = {
  idle: { 'field.edit': 'editing' },
  editing: {
    'field.input': '=',
    'field.save': ({ input, history }) => (verdictOf(input, history) === null ? 'saving' : 'editing'),
    'field.cancel': 'idle',
  },
  saving: {
    [`xstate.done.actor.${SAVE}`]: ({ input }) => (input.field === 'birthday' ? 'locked' : 'saved'),
    [`xstate.error.actor.${SAVE}`]: 'refused',
  },
  refused: {
    'field.input': 'editing',
    // The draft was sent once: it is sent again as it is.
    'field.save': 'saving',
    'field.cancel': 'idle',
  },
  saved: { 'field.edit': 'editing' },
  locked: {},
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  idle: (o) => {
    // The value shown is the profile's; nothing is pending, nothing was typed.
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.current).toBe(replay(o.input, o.history).current);
    expect(o.snapshot.context.refusal).toBeNull();
  },
  locked: (o) => {
    // issue 13 §1: set once — the birthday shows, no form.
    expect(o.input.field).toBe('birthday');
    expect(o.snapshot.context.current).not.toBeNull();
    expect(locked(o.input, o.history)).toBe(true);
    if (o.event.type === `xstate.done.actor.${SAVE}`)
      expect(o.effects.actions.map((a) => a.name)).toEqual(['saved']);
  },
  editing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const m = replay(o.input, o.history);
    for (const [k, v] of Object.entries(m.draft)) expect(o.snapshot.context.draft[k]).toBe(v);
    // A refused draft says why, by the rule it breaks; typing clears it.
    if (o.event.type === 'field.save') expect(o.snapshot.context.problem).toBe(verdictOf(o.input, o.history));
    if (o.event.type === 'field.input') expect(o.snapshot.context.problem).toBeNull();
    if (o.event.type === 'field.edit') expect(o.snapshot.context.refusal).toBeNull();
  },
  saving: (o) => {
    expect(o.fakes.pendingIds()).toEqual([SAVE]);
    const sent = o.fakes.invocations.at(-1)!.input as { field: string; draft: Record<string, string> };
    expect(sent.field).toBe(o.input.field);
    const m = replay(o.input, o.history);
    if (o.input.field === 'password') {
      expect(sent.draft).toMatchObject({
        oldPassword: 'pass1234',
        password: 'newpass99',
        confirmPassword: 'newpass99',
      });
      // The socket is quieted as the password goes (the change kicks every socket of the member).
      expect(o.effects.actions.map((a) => a.name)).toEqual(['quietSocket']);
    } else expect(sent.draft.value).toBe(m.draft['value']);
    expect(o.snapshot.context.refusal).toBeNull();
  },
  refused: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const business = (o.event['error'] as { type: string }).type === 'business';
    const r = REFUSAL[o.input.field as ProfileField] as unknown as { code: number; message: string };
    // The coded message is shown on the form, which keeps what was typed; no answer is said as such.
    expect(o.snapshot.context.refusal).toEqual(
      business ? { code: r.code, message: r.message } : { code: 'noAnswer', message: '' },
    );
    expect(o.effects.actions.map((a) => a.name)).toEqual(['wakeSocket']);
  },
  saved: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    if (o.event.type === `xstate.done.actor.${SAVE}`) {
      // The parent is told once, with the answer (the profile, or the renewed login).
      expect(o.effects.actions).toEqual([
        {
          name: 'saved',
          params: { field: o.input.field, output: SAVED_PROFILE[o.input.field as ProfileField] },
        },
      ]);
    }
    expect(o.snapshot.context.current).toBe(replay(o.input, o.history).current);
  },
};

const input = (field: ProfileField, current: string | null = null): FieldInput => ({
  field,
  current,
  today: TODAY,
});

export const fieldFormModel: MachineModel<typeof fieldFormMachine> = {
  title: 'mine field form',
  machine: fieldFormMachine,
  graphs: [
    {
      name: 'nickname, none set',
      input: input('nickname'),
      events: eventsOf('nickname', ['小明', '官方客服', 'a']),
      maxWalk: 40,
    },
    { name: 'avatar', input: input('avatar', 'a1'), events: eventsOf('avatar', ['a3', 'a9']), maxWalk: 30 },
    {
      name: 'birthday, none set',
      input: input('birthday'),
      events: eventsOf('birthday', ['1990-05-20', '2015-01-01', '2008-11-27', '2008-11-26']),
      maxWalk: 40,
    },
    {
      name: 'birthday, set',
      input: input('birthday', '1990-05-20'),
      events: eventsOf('birthday', []),
      maxWalk: 5,
    },
    { name: 'password', input: input('password'), events: eventsOf('password', []), maxWalk: 40 },
  ],
  harness: {
    logic: provideField,
    initial: (i: FieldInput) => (i.field === 'birthday' && i.current !== null ? 'locked' : 'idle'),
    transitions: TABLE,
    oracles: ORACLES,
  },
};
