import type { ReactNode, TextareaHTMLAttributes } from 'react';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A multi-line text field with the same label, hint and error wiring as `TextField`. */
export function TextAreaField({ id, label, error, hint, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <div className={`ukd-field${error ? ' ukd-field--invalid' : ''}`}>
      <label className="ukd-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="ukd-field__control"
        style={{ resize: 'vertical', minHeight: 88 }}
        {...textarea}
      />
      {hint && !error ? <p className="ukd-field__hint">{hint}</p> : null}
      <p className="ukd-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
