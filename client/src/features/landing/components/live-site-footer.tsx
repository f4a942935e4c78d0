import { useGetSiteQuery } from '@/lib/site.api';
import { SiteFooter } from './site-footer';

/** The footer inside the app: the site's details through the API cache (lazy: RTK Query). */
export const LiveSiteFooter = () => {
  const { data: site } = useGetSiteQuery(undefined);
  return <SiteFooter site={site} />;
};
