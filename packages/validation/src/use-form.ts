import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';
import { type Rule, type Value, type Values, validateField } from './rules';

export interface FieldSpec {
  rules: Rule[];
  /** How the field is named in messages: "The {label} field is required". */
  label?: string;
}

export type FormSpec<T extends Values> = { [K in keyof T]?: FieldSpec };

/**
 * Form state with SPEC §5's timing: a field is checked when it loses focus, and from then on
 * as the member types. Server messages (a 422) show per field until the field changes.
 */
export function useForm<T extends Values>(
  initial: T,
  spec: FormSpec<T>,
  serverErrors: Record<string, string> = {},
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const touched = useRef(new Set<keyof T>());
  const [editedSinceServer, setEditedSinceServer] = useState<Set<keyof T>>(new Set());
  // New server messages (by content, not identity) show again even on fields edited before.
  const serverKey = JSON.stringify(serverErrors);
  const [lastServerKey, setLastServerKey] = useState(serverKey);
  // Each failed submit (the member's own or the server's answer) moves focus to the first field
  // in error and announces the count: otherwise focus stays on the button and nothing is heard.
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  if (lastServerKey !== serverKey) {
    setLastServerKey(serverKey);
    setEditedSinceServer(new Set());
    if (Object.keys(serverErrors).length > 0) setFailedAttempts((n) => n + 1);
  }

  useEffect(() => {
    if (failedAttempts === 0 || !formRef.current) return;
    const message = focusFirstInvalid(formRef.current);
    // Emptied first so the same words are spoken again after a second failed attempt.
    setAnnouncement('');
    if (!message) return;
    const timer = setTimeout(() => setAnnouncement(message), 100);
    return () => clearTimeout(timer);
  }, [failedAttempts]);

  const check = useCallback(
    (field: keyof T, all: T) => {
      const fieldSpec = spec[field];
      if (!fieldSpec) return null;
      const label = fieldSpec.label ?? String(field).replace(/_/g, ' ');
      return validateField(fieldSpec.rules, all[field], label, all);
    },
    [spec],
  );

  const setValue = useCallback(
    (field: keyof T, value: Value) => {
      setValues((current) => {
        const next = { ...current, [field]: value };
        if (touched.current.has(field))
          setErrors((e) => ({ ...e, [field]: check(field, next) ?? undefined }));
        return next;
      });
      setEditedSinceServer((edited) => new Set(edited).add(field));
    },
    [check],
  );

  // What the member sees: their own check first, else the server's until they edit the field.
  const visibleErrors = useMemo(() => {
    const merged: Partial<Record<keyof T, string>> = {};
    for (const name of new Set([...Object.keys(spec), ...Object.keys(serverErrors)]) as Set<
      keyof T & string
    >) {
      const message = errors[name] ?? (editedSinceServer.has(name) ? undefined : serverErrors[name]);
      if (message) merged[name] = message;
    }
    return merged;
  }, [spec, errors, serverErrors, editedSinceServer]);

  const field = useCallback(
    (name: keyof T & string) => ({
      name,
      id: `field-${name}`,
      value: String(values[name] ?? ''),
      'aria-invalid': Boolean(visibleErrors[name]),
      'aria-describedby': `field-${name}-error`,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value),
      onBlur: () => {
        touched.current.add(name);
        setErrors((e) => ({ ...e, [name]: check(name, values) ?? undefined }));
      },
    }),
    [values, visibleErrors, setValue, check],
  );

  /** Checks every field; answers whether the form may be sent. */
  const validateAll = useCallback(() => {
    const next: Partial<Record<keyof T, string>> = {};
    for (const name of Object.keys(spec) as Array<keyof T>) {
      touched.current.add(name);
      const message = check(name, values);
      if (message) next[name] = message;
    }
    setErrors(next);
    const valid = Object.keys(next).length === 0;
    if (!valid) setFailedAttempts((n) => n + 1);
    return valid;
  }, [spec, values, check]);

  return { values, setValue, field, errors: visibleErrors, validateAll, formRef, announcement };
}
