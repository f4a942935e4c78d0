import { useLocation } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { chatIcon } from '@/components/ui/app-icons';
import { useGetSiteQuery } from '@/lib/site.api';

/**
 * Floating button that opens the configured chat link in a new tab. On phones the account pages
 * (/profile, /admin) hide it: it covered amounts and buttons there, and their menu has the link.
 */
export const ChatButton = () => {
  const { data: site } = useGetSiteQuery(undefined);
  const { pathname } = useLocation();
  if (!site?.chatUrl) return null;
  const inAccount = /^\/(profile|admin)(\/|$)/.test(pathname);
  return (
    <a
      className={inAccount ? 'chat-button chat-button--account' : 'chat-button'}
      href={site.chatUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us"
      title="Chat with us"
    >
      <Icon path={chatIcon} size={26} />
    </a>
  );
};
