/**
 * The page the server prerendered (`#root[data-prerendered]`) stays on screen while the shell
 * draws the same page into a new root kept out of the document (so nothing is on the page twice,
 * for the visitor, assistive technology or a test); the two are swapped in one task, so the
 * browser never paints the loading state between them. The shell's page is ready when nothing in it is still
 * loading (no page spinner, no empty remote outlet); a navigation, or a wait too long for the
 * remote, swaps at once. What the visitor typed and where the caret was move across.
 */
export function takeOverPrerendered(prerendered: HTMLElement, { patienceMs = 15_000 } = {}): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  const path = window.location.pathname;
  const ready = () =>
    window.location.pathname !== path ||
    (root.childElementCount > 0 &&
      !root.querySelector('.ukd-page-loading, .shell-remote:not([hidden]):empty') &&
      Boolean(root.querySelector('main')?.textContent?.trim()));

  let done = false;
  const swap = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    prerendered.removeEventListener('click', followInPage);
    const focused = prerendered.contains(document.activeElement) ? document.activeElement : null;
    const typed = typedFields(prerendered);
    prerendered.replaceWith(root);
    carryOver(root, typed, focused);
    // A link followed while the router's first render was under way went unheard: it listens now.
    if (window.location.pathname !== path) window.dispatchEvent(new PopStateEvent('popstate'));
  };
  const observer = new MutationObserver(() => {
    if (ready()) swap();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  const timer = setTimeout(swap, patienceMs);

  // A link followed before the swap goes through the shell's router, not a whole new page load.
  function followInPage(event: MouseEvent) {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    window.history.pushState(null, '', url.pathname + url.search + url.hash);
    // The router hears only `popstate` (without it, the swap showed the list under the
    // article's address); one not yet started reads the new address when it does.
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
  prerendered.addEventListener('click', followInPage);
  return root;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Fields the visitor filled in or chose before the swap, by id. */
function typedFields(container: HTMLElement): Map<string, string | boolean> {
  const typed = new Map<string, string | boolean>();
  for (const field of container.querySelectorAll<Field>('input[id], textarea[id], select[id]')) {
    if (field instanceof HTMLSelectElement) {
      // Without a `selected` option a select starts on its first.
      const initial = Math.max(
        0,
        [...field.options].findIndex((option) => option.defaultSelected),
      );
      if (field.selectedIndex !== initial) typed.set(field.id, field.value);
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) typed.set(field.id, field.checked);
    } else if (field.value !== field.defaultValue) typed.set(field.id, field.value);
  }
  return typed;
}

/** Sets the same fields in the shell's page the way typing would, so React's state follows. */
function carryOver(root: HTMLElement, typed: Map<string, string | boolean>, focused: Element | null) {
  for (const [id, value] of typed) {
    const field = root.querySelector<Field>(`[id="${CSS.escape(id)}"]`);
    if (!field) continue;
    if (typeof value === 'boolean') {
      if (field instanceof HTMLInputElement && field.checked !== value) field.click();
      continue;
    }
    const prototype =
      field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : field instanceof HTMLTextAreaElement
          ? HTMLTextAreaElement.prototype
          : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    // React hears a select through `change`, text fields through `input`.
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  if (focused?.id) root.querySelector<HTMLElement>(`[id="${CSS.escape(focused.id)}"]`)?.focus();
}
