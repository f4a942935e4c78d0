/**
 * Icon paths used on public pages (landing, price list). Kept apart from app-icons.ts because a
 * module shared by the landing page and lazy routes is bundled whole into the landing chunk.
 */

export const airtimeIcon =
  'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2';
export const dataIcon =
  'M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M1.5 9a15 15 0 0 1 21 0';
export const electricityIcon = 'M13 2 3 14h9l-1 8 10-12h-9l1-8z';
export const chevronIcon = 'm6 9 6 6 6-6';
export const arrowRightIcon = 'M5 12h14M12 5l7 7-7 7';
export const chatIcon =
  'M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.7A8.5 8.5 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z';
