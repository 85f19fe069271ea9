import { useEffect } from 'react';
import { clinic } from '../content/clinic';

/** Sets the document title for a page: "Gallery · Sahaj Homeopathy Clinic". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title.includes(clinic.name) ? title : `${title} · ${clinic.name}`;
  }, [title]);
}
