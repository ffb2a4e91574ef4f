import { useState } from 'react';
import { useSystemActor } from '../../app/system.ts';
import type { SessionError } from '../../../machines/session.machine.ts';
import type { Field, FieldErrors } from './validation.ts';
import { afterEdit, shownErrors, withFieldError } from './field-errors.ts';

/**
 * The errors an auth form shows (the rules are field-errors.ts'): its own checks per field, plus the server's
 * answer placed on the field it is about (or above the button when it is about none). Editing a field clears
 * its error and the server's.
 */
export function useFieldErrors(serverError: SessionError | null) {
  const session = useSystemActor('session');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { shown, formError } = shownErrors(errors, serverError);
  const edit = (field: Field) => {
    const outcome = afterEdit(errors, field, serverError);
    if (outcome.errors !== errors) setErrors(outcome.errors);
    if (outcome.dismissServer) session.send({ type: 'session.dismissError' });
  };
  const setFieldError = (field: Field, message: string) => setErrors(withFieldError(errors, field, message));
  return { shown, setErrors, setFieldError, edit, formError };
}
