/**
 * A patient's ABHA at the counter (src/components/Abha): opened from their search hit, it reads
 * the one on file and lets the desk type it or scan the card's QR (a USB scanner types into the
 * fields; a phone or tablet takes a photo), or remove it. The console's words are English.
 */
import { useState } from 'react';
import { AbhaSection } from '../../components/Abha/AbhaSection';
import { useAbhaActor } from '../../components/Abha/provider';
import { en } from '../../i18n/messages';
import { useDeskMessages } from '../../i18n/deskMessages';
import { useStaff } from '../StaffContext';

function OpenAbha({ patientId }: { patientId: string }) {
  const { token } = useStaff();
  const actor = useAbhaActor(token, { kind: 'patient', patientId }, en.abha);
  return <AbhaSection actor={actor} texts={en.abha} intro={en.abha.introDesk} headingLevel={3} />;
}

export function DeskAbha({ patientId, name }: { patientId: string; name: string }) {
  const texts = useDeskMessages().search;
  const [open, setOpen] = useState(false);
  return (
    <div className="desk-abha">
      <button type="button" className="button button--outline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? texts.abhaClose(name) : texts.abhaOpen(name)}
      </button>
      {open && <OpenAbha patientId={patientId} />}
    </div>
  );
}
