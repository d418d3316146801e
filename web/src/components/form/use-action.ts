// A write started by a button rather than a form (Pause, Remove, Revoke, Delete, Decline): one
// outcome line for it, its failure worded by the form kit's mapping (form-errors.ts: the field
// errors of a button's write have no field, so they join the message).
import { useState } from 'react';
import { describeFailure, type FailureTexts } from '@/components/form/form-errors';

interface Outcome {
  success: string | null;
  error: string | null;
}

const NONE: Outcome = { success: null, error: null };

export function useAction(texts?: FailureTexts) {
  const [outcome, setOutcome] = useState<Outcome>(NONE);
  const [running, setRunning] = useState(false);
  return {
    ...outcome,
    running,
    /** Runs `write`; `done` is the success line, if any (or makes it from the answer). True when it succeeded. */
    run: async <T>(write: () => Promise<T>, done?: string | ((result: T) => string)): Promise<boolean> => {
      setOutcome(NONE);
      setRunning(true);
      try {
        const result = await write();
        setOutcome({ success: (typeof done === 'function' ? done(result) : done) ?? null, error: null });
        return true;
      } catch (error) {
        setOutcome({ success: null, error: describeFailure(error, texts, { fields: [] }).message });
        return false;
      } finally {
        setRunning(false);
      }
    },
    /** Shows an outcome from elsewhere (a form the list opened); show(null) clears the line. */
    show: (success: string | null, error: string | null = null) => setOutcome({ success, error }),
  };
}
