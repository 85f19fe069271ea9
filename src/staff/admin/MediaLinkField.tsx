/**
 * A media link field with a live preview of the link the site will show (spec §5,
 * contract/mediaLink.ts): the converted URL as text, and the image itself; for a video, a link
 * that opens it (no iframe here: the page's CSP is kept narrow).
 */
import { useId } from 'react';
import { toDisplayableMediaLink } from '../../../contract/mediaLink';
import { isMediaLinkInput } from '../../../contract/staffAdmin';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { TextField } from '../../ui/Field';

export function MediaLinkField({
  label,
  kind,
  value,
  error,
  disabled,
  onValue,
}: {
  readonly label: string;
  readonly kind: 'image' | 'video';
  readonly value: string;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
  readonly onValue: (value: string) => void;
}) {
  const texts = useStaffAdminMessages().site;
  const previewId = useId();
  const link = value.trim();
  const shown = toDisplayableMediaLink(link);
  const showable = link !== '' && isMediaLinkInput(link);
  return (
    <div className="admin-media">
      <TextField look="admin" label={label} type="url" hint={texts.linkHint} value={value} error={error} disabled={disabled} onValue={onValue} />
      <div className="admin-media__preview" id={previewId} aria-live="polite">
        <p className="admin-media__heading">
          {texts.previewHeading} ({label.toLowerCase()})
        </p>
        {!showable ? (
          <p className="admin-media__empty">{texts.previewEmpty}</p>
        ) : (
          <>
            <p className="admin-media__url">
              {shown === link ? texts.previewUnchanged : texts.previewConverted} <code>{shown}</code>
            </p>
            {kind === 'image' ? (
              <img className="admin-media__image" src={shown} alt={texts.previewImageAlt(label)} loading="lazy" />
            ) : (
              <a href={shown} target="_blank" rel="noopener noreferrer">
                {texts.openVideo}
              </a>
            )}
          </>
        )}
      </div>
    </div>
  );
}
