import { useState } from 'react';
import { useSystemActor } from '../../app/system.ts';
import type { SessionError } from '../../../machines/session.machine.ts';
import { fieldOfCode, type Field, type FieldErrors } from './validation.ts';

/**
 * The errors an auth form shows: its own checks per field, plus the server's answer placed on the field it is
 * about (or above the button when it is about none). Editing a field clears its error and the server's.
 */
export function useFieldErrors(serverError: SessionError | null) {
  const session = useSystemActor('session');
  const [errors, setErrors] = useState<FieldErrors>({});
  const serverField = serverError ? fieldOfCode(serverError.code) : null;
  const shown: FieldErrors = {
    ...errors,
    ...(serverField && serverError ? { [serverField]: serverError.message } : {}),
  };
  const edit = (field: Field) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    if (serverError) session.send({ type: 'session.dismissError' });
  };
  const formError = serverError && !serverField ? serverError.message : null;
  return { shown, setErrors, edit, formError, errors };
}
