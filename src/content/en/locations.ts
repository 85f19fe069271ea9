/**
 * English: the clinic's opening hours (spec §9), the addresses of its locations, and the contact
 * page's words. Addresses, names and phone numbers stay as written in every language; the days, the
 * hours and each location's landmark are translated in ../hi/locations.ts and ../mr/locations.ts.
 * ../locations.ts serves the three to the page.
 */
export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** The opening hours' ranges, as English writes them (each language says them its own way). */
export type HoursRange = '9:00 am – 1:00 pm' | '3:00 pm – 7:00 pm' | '5:00 pm – 8:00 pm';

/** Opening hours shown to visitors (spec §9), the same at every location. Empty means closed. */
export const clinicHours: ReadonlyArray<{ day: Weekday; hours: readonly HoursRange[] }> = [
  { day: 'Monday', hours: ['9:00 am – 1:00 pm', '3:00 pm – 7:00 pm'] },
  { day: 'Tuesday', hours: ['9:00 am – 1:00 pm', '3:00 pm – 7:00 pm'] },
  { day: 'Wednesday', hours: ['5:00 pm – 8:00 pm'] },
  { day: 'Thursday', hours: ['9:00 am – 1:00 pm', '3:00 pm – 7:00 pm'] },
  { day: 'Friday', hours: [] },
  { day: 'Saturday', hours: ['9:00 am – 1:00 pm', '3:00 pm – 7:00 pm'] },
  { day: 'Sunday', hours: ['5:00 pm – 8:00 pm'] },
];

export interface LocationDetails {
  readonly address: readonly string[];
  readonly phone: { readonly display: string; readonly href: string };
  readonly landmark: string;
}

/** Street addresses for the locations the server lists; a location not here shows a "call us" line. */
export const locationDetails: Readonly<Record<string, LocationDetails>> = {
  Kothrud: {
    address: ['2nd floor, Shantiniketan Arcade', 'Paud Road, near Karishma Society', 'Kothrud, Pune 411038'],
    phone: { display: '+91 20 4000 1241', href: 'tel:+912040001241' },
    landmark: 'Five minutes’ walk from Vanaz metro station.',
  },
  Aundh: {
    address: ['Shop 4, Sai Radhe Complex', 'ITI Road, opposite Aundh post office', 'Aundh, Pune 411007'],
    phone: { display: '+91 20 4000 1242', href: 'tel:+912040001242' },
    landmark: 'Parking in the complex basement.',
  },
  'Viman Nagar': {
    address: ['1st floor, Nyati Plaza', 'Nagar Road, near Phoenix Marketcity', 'Viman Nagar, Pune 411014'],
    phone: { display: '+91 20 4000 1243', href: 'tel:+912040001243' },
    landmark: 'Lift access; the clinic is wheelchair accessible.',
  },
  Hadapsar: {
    address: ['Office 12, Amanora Chambers', 'Magarpatta Road', 'Hadapsar, Pune 411028'],
    phone: { display: '+91 20 4000 1244', href: 'tel:+912040001244' },
    landmark: 'Opposite Magarpatta City gate 1.',
  },
};

/** The locations with an address above (their landmarks are translated). */
export type LocationWithAddress = 'Kothrud' | 'Aundh' | 'Viman Nagar' | 'Hadapsar';

/** The contact page's words from this file, whatever the language. */
export interface ContactCopy {
  readonly days: Readonly<Record<Weekday, string>>;
  readonly hours: Readonly<Record<HoursRange, string>>;
  readonly landmarks: Readonly<Record<LocationWithAddress, string>>;
}

export const contact: ContactCopy = {
  days: { Monday: 'Monday', Tuesday: 'Tuesday', Wednesday: 'Wednesday', Thursday: 'Thursday', Friday: 'Friday', Saturday: 'Saturday', Sunday: 'Sunday' },
  hours: { '9:00 am – 1:00 pm': '9:00 am – 1:00 pm', '3:00 pm – 7:00 pm': '3:00 pm – 7:00 pm', '5:00 pm – 8:00 pm': '5:00 pm – 8:00 pm' },
  landmarks: {
    Kothrud: locationDetails.Kothrud!.landmark,
    Aundh: locationDetails.Aundh!.landmark,
    'Viman Nagar': locationDetails['Viman Nagar']!.landmark,
    Hadapsar: locationDetails.Hadapsar!.landmark,
  },
};
