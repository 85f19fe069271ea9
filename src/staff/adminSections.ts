/**
 * The admin sections of the console (issue 6), written beside it in ./admin/sections.tsx:
 * `adminSections`, each at /staff/admin/<path>. Found with a glob so that the console builds
 * and runs before that file exists (then there are none); it is part of the staff chunk either way.
 */
import type { ReactNode } from 'react';

export interface AdminSection {
  /** Relative to /staff/admin/, e.g. 'doctors'. */
  readonly path: string;
  readonly label: string;
  readonly element: ReactNode;
}

type SectionsModule = { readonly adminSections?: ReadonlyArray<AdminSection> };

const modules = import.meta.glob<SectionsModule>('./admin/sections.tsx', { eager: true });

export const adminSections: ReadonlyArray<AdminSection> = Object.values(modules)[0]?.adminSections ?? [];
