import { Icon } from '@/components/ui/icon';
import { chatIcon } from '@/components/ui/public-icons';

/**
 * Floating button that opens the configured chat link in a new tab. On phones the account pages
 * (/profile, /admin) hide it: it covered amounts and buttons there, and their menu has the link.
 */
export const ChatLink = ({ chatUrl, inAccount }: { chatUrl?: string; inAccount: boolean }) => {
  if (!chatUrl) return null;
  // In a landmark of its own, so a screen reader's list of regions finds it.
  return (
    <aside aria-label="Support chat">
      <a
        className={inAccount ? 'chat-button chat-button--account' : 'chat-button'}
        href={chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us"
        title="Chat with us"
      >
        <Icon path={chatIcon} size={26} />
      </a>
    </aside>
  );
};
