/**
 * Sends the browser to a payment page. Only http(s) addresses are followed, so a bad answer can
 * never run script in our page. Its own module so tests can replace it.
 */
export const leaveFor = (link: string): boolean => {
  let url: URL;
  try {
    url = new URL(link, window.location.origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  window.location.assign(url.href);
  return true;
};
