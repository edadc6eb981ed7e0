/** How a control is named to the member: its label, else its accessible name attributes. */
function nameOf(control: HTMLElement): string {
  const labelled = control as HTMLInputElement;
  const label = labelled.labels?.[0]?.textContent ?? control.getAttribute('aria-label') ?? '';
  return label.replace(/\s+/g, ' ').trim();
}

/**
 * Focuses the first control in error, in the order the member reads the form, and answers the
 * sentence a screen reader should announce ('' when nothing is in error).
 */
export function focusFirstInvalid(form: HTMLFormElement): string {
  const invalid = Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
  const first = invalid[0];
  if (!first) return '';
  first.focus();
  const names = invalid.map(nameOf).filter(Boolean);
  const count = invalid.length === 1 ? '1 field needs' : `${invalid.length} fields need`;
  return names.length > 0 ? `${count} attention: ${names.join(', ')}.` : `${count} attention.`;
}
