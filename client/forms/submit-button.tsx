import type { ReactNode } from 'react';
import { Button } from '#client/ui/button.ts';
import { useHydrated } from './use-hydrated.ts';

type Props = { children: ReactNode; busy?: boolean; disabled?: boolean; describedBy?: string };

/**
 * The form's main button: full width, disabled while sending or when the form says so. The
 * server's HTML draws it as it will look once hydrated; until then it is a plain button (a press
 * sends nothing, the typed input stays) marked aria-disabled, and Enter is held by a hidden,
 * disabled default button: the browser never sends the form its own way (fields in the address).
 */
export function SubmitButton({ children, busy = false, disabled = false, describedBy }: Props) {
  const hydrated = useHydrated();
  return (
    <>
      {/* Until the scripts run, the form's default button: being disabled, it makes Enter in a field
          do nothing (HTML implicit submission) where the browser would send the form itself. */}
      {hydrated ? null : <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />}
      <Button
        type={hydrated ? 'submit' : 'button'}
        // Keeps focus (and so no blur check) in the field being typed in: a message appearing above
        // would move the button away between press and release, and the click would be lost.
        onMouseDown={(e) => e.preventDefault()}
        variant="primary"
        size="lg"
        block
        disabled={busy || disabled}
        aria-disabled={hydrated ? undefined : true}
        data-hydrating={hydrated ? undefined : ''}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
      >
        {children}
      </Button>
    </>
  );
}
