// Shared queries for the auth screens' tests: the form, its fields by their visible labels, and the errors
// announced next to them.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { t } from '../../../src/i18n/zh-CN.ts';

/** The auth card's form (the chrome has buttons and links of its own, e.g. 登录). */
export function authForm(): HTMLFormElement {
  const form = screen.getByRole('main').querySelector('form');
  if (!form) throw new Error('no form on the page');
  return form;
}

export const inForm = () => within(authForm());

export const phoneInput = () => inForm().getByRole('textbox', { name: t.auth.phone });
export const countryPicker = () => inForm().getByRole('combobox', { name: t.auth.country });
export const smsInput = () => inForm().getByRole('textbox', { name: t.auth.smsCode });
export const inviteInput = () => inForm().getByRole('textbox', { name: t.auth.inviteCode });
/** Password inputs have no ARIA role: their label is how a player (and a test) finds them. */
export const passwordInput = (label: string = t.auth.password) =>
  inForm().getByLabelText(label, { selector: 'input' });

/** The messages the input's aria-describedby points at that are announced (role alert), joined. */
export function fieldError(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const alerts = ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el?.getAttribute('role') === 'alert');
  return alerts.length ? alerts.map((el) => el.textContent).join(' ') : null;
}

/** The field shows `message` as its announced error, marks itself invalid, and the alert is visible. */
export function expectFieldError(input: HTMLElement, message: string) {
  expect(fieldError(input)).toBe(message);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByRole('alert').some((el) => el.textContent === message)).toBe(true);
}

export function expectNoFieldError(input: HTMLElement) {
  expect(fieldError(input)).toBeNull();
  expect(input.getAttribute('aria-invalid')).toBeNull();
}

/**
 * Every input, select and button in the form has a non-empty accessible name: found by role and name (or,
 * for a password input, which has no role, by its label).
 */
export function expectEveryControlNamed(form: HTMLFormElement) {
  const controls = [...form.querySelectorAll<HTMLElement>('input, select, button, textarea')];
  expect(controls.length).toBeGreaterThan(0);
  const named = new Set<HTMLElement>();
  for (const role of ['textbox', 'combobox', 'checkbox', 'button'] as const) {
    for (const el of within(form).queryAllByRole(role, { name: /\S/ })) named.add(el);
  }
  for (const el of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) {
    const labels = [...(el.labels ?? [])].map((l) => l.textContent?.trim() ?? '');
    if (labels.some(Boolean) && within(form).getAllByLabelText(labels[0]!).includes(el)) named.add(el);
  }
  const unnamed = controls.filter((el) => !named.has(el)).map((el) => el.outerHTML);
  expect(unnamed).toEqual([]);
}

/** Puts `value` into a field the way a player pastes it (one input event: quicker than typing each key). */
export async function enter(
  user: { click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  input: HTMLElement,
  value: string,
) {
  await user.click(input);
  await user.paste(value);
}
