import { Icon } from '@/components/ui/icon';
import { chatIcon } from '@/components/ui/app-icons';
import { useGetSiteQuery } from '@/lib/site.api';

/** Floating button on every page; opens the configured chat link in a new tab. */
export const ChatButton = () => {
  const { data: site } = useGetSiteQuery(undefined);
  if (!site?.chatUrl) return null;
  return (
    <a
      className="chat-button"
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
