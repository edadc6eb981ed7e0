import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useState } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * What a control's `aria-describedby` lists: its rule (hint) first, then its error, so a screen
 * reader landing on the field hears both. Ids the caller passed are kept.
 */
export function fieldDescription(id: string, hint: ReactNode, given?: string): string {
  const ids = new Set((given ?? '').split(/\s+/).filter(Boolean));
  if (hint) ids.add(`${id}-hint`);
  ids.add(`${id}-error`);
  return [...ids].join(' ');
}

/**
 * Label, control, hint and the field's error, wired for screen readers. The hint states the rule
 * up front and stays beside the error, so the member sees what is asked before and after a
 * mistake.
 */
export function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className={`ukd-field${error ? ' ukd-field--invalid' : ''}`}>
      <label className="ukd-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="ukd-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <p className="ukd-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A one-line field; a password field gets a Show/Hide switch, as typing blind causes typos. */
export function TextField({
  id,
  label,
  error,
  hint,
  type,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const control = (
    <input
      id={id}
      className="ukd-field__control"
      type={type === 'password' && revealed ? 'text' : type}
      aria-describedby={fieldDescription(id, hint, describedBy)}
      {...input}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {type === 'password' ? (
        <div className="ukd-field__password">
          {control}
          <button
            type="button"
            className="ukd-field__reveal"
            aria-controls={id}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide' : 'Show'}
            <span className="ukd-visually-hidden"> password</span>
          </button>
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  hint?: ReactNode;
};

export function SelectField({
  id,
  label,
  error,
  options,
  placeholder,
  hint,
  'aria-describedby': describedBy,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className="ukd-field__control"
        aria-describedby={fieldDescription(id, hint, describedBy)}
        {...select}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'children'> & {
  id: string;
  /** What ticking it means; may hold links. */
  children: ReactNode;
  error?: string | undefined;
  onCheckedChange(checked: boolean): void;
};

/** A checkbox that must be ticked (terms, rules), with its error announced like any field's. */
export function CheckboxField({ id, children, error, onCheckedChange, ...input }: CheckboxFieldProps) {
  return (
    <div className={`ukd-field${error ? ' ukd-field--invalid' : ''}`}>
      <label className="ukd-field__check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => onCheckedChange(event.target.checked)}
          {...input}
        />
        <span>{children}</span>
      </label>
      <p className="ukd-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
