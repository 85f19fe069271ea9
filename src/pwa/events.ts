/** The window event the payment result page sends on a confirmed booking: the install offer's moment (./start.ts). */
export const bookedEvent = 'clinic:booked';
