import type { ReactNode } from 'react';
import { Button } from '#client/ui/button.ts';
import { useHydrated } from './use-hydrated.ts';

type Props = { children: ReactNode; busy?: boolean; disabled?: boolean; describedBy?: string };

/** The form's main button: full width, disabled until hydrated, while sending, or when the form says so. */
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
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
    >
      {children}
    </Button>
  );
}
