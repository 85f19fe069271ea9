// An action that cannot be undone is asked once more, in place: the question and its two answers
// replace the button that asked, so a stray tap changes nothing. The caller keeps whether it is
// asking (it decides what the question replaces) and does the action on `onYes`. The focus goes
// with the question: to its safe answer (No) when it appears, and back to the button that asked
// when No gives it way again (`useAskTrigger`), so a keyboard user is never left on the page's body.
import { useCallback, useEffect, useRef } from 'react';
import './AskAgain.css';

export interface AskAgainProps {
  /** The action's name, the group's accessible name (e.g. "Cancel all"). */
  readonly label: string;
  readonly question: string;
  readonly yes: string;
  readonly no: string;
  readonly onYes: () => void;
  readonly onNo: () => void;
}

export function AskAgain({ label, question, yes, no, onYes, onNo }: AskAgainProps) {
  const noButton = useRef<HTMLButtonElement>(null);
  useEffect(() => noButton.current?.focus(), []);
  return (
    <div className="ask-again" role="group" aria-label={label}>
      <p>{question}</p>
      <p className="ask-again__answers">
        <button type="button" className="button button--primary" onClick={onYes}>
          {yes}
        </button>
        <button ref={noButton} type="button" className="button button--outline" onClick={onNo}>
          {no}
        </button>
      </p>
    </div>
  );
}

/**
 * The ref of the button that asks: rendered again after the question (`asking` was true), it
 * takes the focus back. A button rendered for the first time leaves the focus where it is.
 */
export function useAskTrigger(asking: boolean): (button: HTMLButtonElement | null) => void {
  const asked = useRef(false);
  if (asking) asked.current = true;
  return useCallback((button: HTMLButtonElement | null) => {
    if (!button || !asked.current) return;
    asked.current = false;
    button.focus();
  }, []);
}
