import type { TSessionUser } from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { Icon } from '@/components/ui/icon';
import { copyIcon } from '@/components/ui/app-icons';
import { errorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { useGenerateAccountMutation } from '../api/generate-account.api';

/**
 * The user's dedicated bank accounts; a transfer to one funds the wallet (fee 1.08%,
 * docs/product-rules.md#funding).
 */
export const PaymentAccountsCard = ({ user }: { user: TSessionUser }) => {
  const accounts = user.accountNumbers ?? [];
  const [generate, generating] = useGenerateAccountMutation();

  const generateAccount = async () => {
    const { data, error } = await generate({ bankName: 'palmpay' });
    if (data) toast.success(data.msg);
    else
      toast.error(
        errorMessage(error, 'We could not create your account number right now. Please try again.'),
      );
  };

  const copy = async (accountNumber: string) => {
    if (await copyText(accountNumber)) toast.success('Account number copied');
  };

  return (
    <section className="card" aria-labelledby="accounts-title">
      <h2 className="card-title" id="accounts-title">
        Payment accounts
      </h2>
      {accounts.length === 0 ? (
        <>
          <p className="muted" data-testid="no-payment-accounts">
            You have no payment account yet. Generate one: its number shows here and any transfer to
            it funds your wallet.
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void generateAccount()}
            disabled={generating.isLoading}
          >
            {generating.isLoading ? 'Generating...' : 'Generate account'}
          </button>
        </>
      ) : (
        <>
          <p className="muted small">
            Transfer to any of these accounts to fund your wallet. A 1.08% fee applies.
          </p>
          <ul className="account-list">
            {accounts.map((account) => (
              <li className="account-item" key={`${account.bankName}-${account.accountNumber}`}>
                <div>
                  <p className="account-bank">{account.bankName}</p>
                  <p className="account-number">{account.accountNumber}</p>
                  <p className="account-name">
                    {account.accountName ?? user.userName.slice(0, 15)}
                  </p>
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
        </>
      )}
    </section>
  );
};
