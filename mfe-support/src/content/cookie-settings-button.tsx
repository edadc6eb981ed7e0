import { Button, useOptionalShell } from '@ukd/ui';

/** In the privacy notice: opens the shell's cookie banner so the visitor can change their choice. */
export function CookieSettingsButton() {
  const shell = useOptionalShell();
  // Only the shell shows the banner; without one (a bare render) there is nothing to open.
  if (!shell) return null;
  return (
    <Button variant="secondary" onClick={() => shell.bus.emit('shell:cookie-settings', {})}>
      Change cookie settings
    </Button>
  );
}
