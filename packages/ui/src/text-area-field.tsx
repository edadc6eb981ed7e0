import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldDescription } from './text-field';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A multi-line text field with the same label, hint and error wiring as `TextField`. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  rows = 4,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={rows}
        className="ukd-field__control"
        style={{ resize: 'vertical', minHeight: 88 }}
        aria-describedby={fieldDescription(id, hint, describedBy)}
        {...textarea}
      />
    </FieldFrame>
  );
}
