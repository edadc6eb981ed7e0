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
