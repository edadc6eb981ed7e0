import type { FormHTMLAttributes, ReactNode, RefObject } from 'react';

/** The part of `useForm`'s answer a form element needs. */
export interface FormFocus {
  formRef: RefObject<HTMLFormElement | null>;
  announcement: string;
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> & {
  form: FormFocus;
  children: ReactNode;
};

/**
 * A form bound to `useForm`: the browser's own bubbles are off (our messages sit by each field),
 * and a polite live region says how many fields need attention after a failed submit, while
 * `useForm` moves focus to the first of them.
 */
export function Form({ form, children, ...rest }: FormProps) {
  return (
    <form ref={form.formRef} noValidate {...rest}>
      <p className="ukd-visually-hidden" role="status" data-form-summary="">
        {form.announcement}
      </p>
      {children}
    </form>
  );
}
