import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and the field's error, wired for screen readers. */
function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className={`ukd-field${error ? ' ukd-field--invalid' : ''}`}>
      <label className="ukd-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error ? <p className="ukd-field__hint">{hint}</p> : null}
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

export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input id={id} className="ukd-field__control" {...input} />
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
};

export function SelectField({ id, label, error, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select id={id} className="ukd-field__control" {...select}>
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
