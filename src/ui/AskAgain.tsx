// An action that cannot be undone is asked once more, in place: the question and its two answers
// replace the button that asked, so a stray tap changes nothing. The caller keeps whether it is
// asking (it decides what the question replaces) and does the action on `onYes`.
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
  return (
    <div className="ask-again" role="group" aria-label={label}>
      <p>{question}</p>
      <p className="ask-again__answers">
        <button type="button" className="button button--primary" onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="button button--outline" onClick={onNo}>
          {no}
        </button>
      </p>
    </div>
  );
}
