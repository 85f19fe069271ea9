/**
 * The staff console's caller: who is signed in as staff and the bearer token their
 * calls carry. The console's shell (src/staff/StaffConsole.tsx) provides it once GET /staff/me
 * has answered; every console section reads it with useStaff().
 */
import { createContext, useContext } from 'react';
import type { StaffMe } from '../../contract/staff';

export interface StaffCaller {
  readonly me: StaffMe;
  readonly token: string;
}

export const StaffContext = createContext<StaffCaller | null>(null);

export function useStaff(): StaffCaller {
  const caller = useContext(StaffContext);
  if (!caller) throw new Error('useStaff needs the staff console (StaffContext) above it');
  return caller;
}
