/** A date as people in Nigeria read it ('24 Nov 2026'), or 'Unknown'. */
export const formatDay = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString('en-NG', { dateStyle: 'medium' }) : 'Unknown';

/** A date and time ('24 Nov 2026, 14:05'), or 'Unknown'. */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Unknown';
