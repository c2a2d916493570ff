import type { ReactNode } from 'react';
import { Button } from '#client/ui/button.ts';
import { useHydrated } from './use-hydrated.ts';

type Props = { children: ReactNode; busy?: boolean; disabled?: boolean; describedBy?: string };

/**
 * The form's main button: full width, disabled until hydrated, while sending, or when the form
 * says so. Until the scripts run it is disabled (a press, or Enter in a field, then sends nothing
 * the browser's way: no fields in the address, nothing typed lost) but marked `data-hydrating`,
 * which draws it as it will look once hydrated (button.ts): the first paint is the final look.
 */
export function SubmitButton({ children, busy = false, disabled = false, describedBy }: Props) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      // Keeps focus (and so no blur check) in the field being typed in: a message appearing above
      // would move the button away between press and release, and the click would be lost.
      onMouseDown={(e) => e.preventDefault()}
      variant="primary"
      size="lg"
      block
      disabled={!hydrated || busy || disabled}
      // Only the wait for the scripts looks ready; a button the form disables looks disabled.
      data-hydrating={hydrated || busy || disabled ? undefined : ''}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
    >
      {children}
    </Button>
  );
}
