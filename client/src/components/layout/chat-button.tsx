import { useLocation } from 'react-router-dom';
import { useGetSiteQuery } from '@/lib/site.api';
import { ChatLink } from './chat-link';

/** The chat button inside the app: the chat link from the site's details (GET /site). */
export const ChatButton = () => {
  const { data: site } = useGetSiteQuery(undefined);
  const { pathname } = useLocation();
  return <ChatLink chatUrl={site?.chatUrl} inAccount={/^\/(profile|admin)(\/|$)/.test(pathname)} />;
};
