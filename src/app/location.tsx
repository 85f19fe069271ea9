/**
 * The location the visitor picked in the header. '' means the whole city (all locations), the
 * default. Later flows (booking) read it to preselect a clinic.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface SelectedLocation {
  readonly location: string;
  readonly setLocation: (location: string) => void;
}

const SelectedLocationContext = createContext<SelectedLocation | null>(null);

export function SelectedLocationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState('');
  const value = useMemo(() => ({ location, setLocation }), [location]);
  return <SelectedLocationContext.Provider value={value}>{children}</SelectedLocationContext.Provider>;
}

export function useSelectedLocation(): SelectedLocation {
  const value = useContext(SelectedLocationContext);
  if (!value) throw new Error('useSelectedLocation needs a <SelectedLocationProvider> above it');
  return value;
}
