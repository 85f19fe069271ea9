/** Business constants the views use (spec §9). */

/** Image carousels advance every 3 s (spec §4, §9). */
export const imageCarouselMs = 3000;
/** Video carousels advance every 10 s (spec §4, §9). */
export const videoCarouselMs = 10_000;
/**
 * The spec gives no interval for testimonials; they are text to read, so they get longer than
 * images (WCAG 2.2.1: enough time to read).
 */
export const testimonialCarouselMs = 8000;
/** Mobile breakpoint (spec §9): the navigation is a hamburger menu at this width and below. */
export const mobileBreakpointPx = 768;
