import type { TAccountNumber } from '@vendo/shared/schemas/user';
import type { TSessionUser } from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { copyIcon } from '@/components/ui/app-icons';
import { Icon } from '@/components/ui/icon';
import { copyText } from '@/lib/clipboard';
import { useGetSiteQuery } from '@/lib/site.api';

/** The user's account numbers: the ones in accountNumbers, then reservedAccountNo3 if new. */
const accountsOf = (user: TSessionUser): TAccountNumber[] => {
  const accounts = [...(user.accountNumbers ?? [])];
  const reserved = user.reservedAccountNo3?.trim();
  if (reserved && !accounts.some((account) => account.accountNumber === reserved)) {
    accounts.push({ bankName: 'Reserved account', accountNumber: reserved });
  }
  return accounts;
};

/**
 * Users with a reserved account number (docs/product-rules.md#funding) are sent to the external
 * top-up page (GET /site topUpUrl), and see their account numbers, each with a copy button.
 */
export const ReservedAccounts = ({ user }: { user: TSessionUser }) => {
  const { data: site } = useGetSiteQuery(undefined);
  const accounts = accountsOf(user);

  const copy = async (accountNumber: string) => {
    if (await copyText(accountNumber)) toast.success('Account number copied');
    else toast.error('Could not copy the account number');
  };

  return (
    <section className="card" aria-labelledby="reserved-title">
      <h2 className="card-title" id="reserved-title">
        Pay by bank transfer
      </h2>
      {site?.topUpUrl && (
        <p>
          <a
            className="btn btn-secondary btn-block"
            href={site.topUpUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open the top-up page
          </a>
        </p>
      )}
      <p className="muted small">
        A transfer to any of your accounts funds your wallet. A 1.08% fee applies.
      </p>
      <ul className="account-list">
        {accounts.map((account) => (
          <li className="account-item" key={`${account.bankName}-${account.accountNumber}`}>
            <div>
              <p className="account-bank">{account.bankName}</p>
              <p className="account-number">{account.accountNumber}</p>
              <p className="account-name">{account.accountName ?? user.userName.slice(0, 15)}</p>
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void copy(account.accountNumber)}
              aria-label={`Copy account number ${account.accountNumber}`}
            >
              <Icon path={copyIcon} size={16} /> Copy
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
};
