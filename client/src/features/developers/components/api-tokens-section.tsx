import { API_TOKEN_NAME_MAX, ZCreateApiTokenRequest } from '@vendo/shared/schemas/api-tokens';
import type { TApiToken } from '@vendo/shared/schemas/api-tokens.responses';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import {
  useCreateApiTokenMutation,
  useGetApiTokensQuery,
  useRevokeApiTokenMutation,
} from '../api/api-tokens.api';
import '../developers.css';

const when = (iso: string | null, never: string): string =>
  iso ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' }) : never;

/** The secret of a token just made: shown here once, with Copy, until the user closes it. */
const NewTokenBox = ({
  name,
  token,
  onDone,
}: {
  name: string;
  token: string;
  onDone: () => void;
}) => (
  <div className="new-token" role="status" aria-label="New API token">
    <p className="new-token-title">Your new token “{name}”</p>
    <p className="new-token-warning">
      Copy it now and keep it somewhere safe: you will not be able to see it again.
    </p>
    <code className="new-token-secret" data-testid="new-token">
      {token}
    </code>
    <div className="new-token-actions">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() =>
          void copyText(token).then((copied) =>
            copied ? toast.success('Copied') : toast.error('Could not copy; select the token'),
          )
        }
      >
        Copy token
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onDone}>
        Done
      </button>
    </div>
  </div>
);

/**
 * API tokens on the account page, for every account (docs/decisions/0018): the list (name,
 * created, last used), a form that makes a named token and shows its secret once, and revoke with
 * a confirmation. The server keeps only a hash; a lost token is revoked and replaced.
 */
export const ApiTokensSection = () => {
  const tokens = useGetApiTokensQuery(undefined);
  const [createToken, creating] = useCreateApiTokenMutation();
  const [revokeToken, revoking] = useRevokeApiTokenMutation();
  const form = useForm({ apiTokenName: '' });
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [toRevoke, setToRevoke] = useState<TApiToken | null>(null);

  const onCreate = form.handleSubmit(
    async () => {
      const body = form.check(validate(ZCreateApiTokenRequest, { name: form.values.apiTokenName }));
      if (!body) return;
      const answer = await createToken(body).unwrap();
      setCreated({ name: answer.apiToken.name, token: answer.token });
      form.set('apiTokenName', '');
    },
    { errorIn: 'alert' },
  );

  const onRevoke = async (token: TApiToken) => {
    try {
      const { msg } = await revokeToken(token.id).unwrap();
      toast.success(msg);
      setToRevoke(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const list = tokens.data?.apiTokens;
  return (
    <section className="card api-tokens" aria-labelledby="api-tokens-title">
      <h2 className="card-title" id="api-tokens-title">
        API tokens
      </h2>
      <p className="muted small">
        Let your own software buy and check transactions for this account. Send a token as{' '}
        <code>Authorization: Token …</code> or <code>x-auth-token</code>. It cannot sign in here,
        change your password, transfer or withdraw.
      </p>

      {created && (
        <NewTokenBox name={created.name} token={created.token} onDone={() => setCreated(null)} />
      )}

      {tokens.isError && !list ? (
        <div className="empty-state">
          <p>We could not load your API tokens.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void tokens.refetch()}>
            Try again
          </button>
        </div>
      ) : !list ? (
        <p className="muted small">Loading your API tokens…</p>
      ) : list.length === 0 ? (
        <p className="muted small" data-testid="no-api-tokens">
          You have no API tokens yet.
        </p>
      ) : (
        <ul className="api-token-list" aria-label="Your API tokens">
          {list.map((token) => (
            <li key={token.id} className="api-token" aria-label={token.name}>
              <div className="api-token-text">
                <p className="api-token-name">{token.name}</p>
                <p className="muted small">Created {when(token.createdAt, '')}</p>
                <p className="muted small">Last used {when(token.lastUsedAt, 'never')}</p>
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setToRevoke(token)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}

      <form
        className="form api-token-form"
        onSubmit={onCreate}
        noValidate
        aria-label="New API token"
      >
        <FormAlert message={form.alert} id={form.alertId} />
        <TextField
          label="Token name"
          name="apiTokenName"
          autoComplete="off"
          maxLength={API_TOKEN_NAME_MAX + 10}
          value={form.values.apiTokenName}
          onChange={form.onChange}
          invalid={form.alert !== null}
          errorId={form.alert !== null ? form.alertId : undefined}
          hint="For example the app or server that will use it"
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={creating.isLoading}>
          {creating.isLoading ? 'Creating…' : 'Create token'}
        </button>
      </form>

      {toRevoke && (
        <Dialog
          title="Revoke this token?"
          description={`Software using “${toRevoke.name}” stops working at once. This cannot be undone.`}
          onClose={() => setToRevoke(null)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setToRevoke(null)}
              disabled={revoking.isLoading}
              data-autofocus
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void onRevoke(toRevoke)}
              disabled={revoking.isLoading}
            >
              Revoke
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
