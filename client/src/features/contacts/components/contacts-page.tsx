import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { editIcon, plusIcon, trashIcon } from '@/components/ui/app-icons';
import type { TContact } from '@vendo/shared/schemas/contacts.responses';
import { errorMessage } from '@/lib/api-error';
import '@/styles/components/select.css';
import '../contacts.css';
import { useDeleteContactMutation } from '../api/delete-contact.api';
import { useGetContactsQuery } from '../api/get-contacts.api';
import { ContactDialog } from './contact-dialog';

type TOpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; contact: TContact }
  | { kind: 'delete'; contact: TContact }
  | null;

const shortcut = (path: string, contact: TContact, withNetwork = true) => {
  const params = new URLSearchParams({ phone: contact.contactNumber });
  if (withNetwork) params.set('network', contact.contactNetwork);
  return `${path}?${params.toString()}`;
};

/**
 * /profile/contacts: saved numbers with add, edit, delete and buy shortcuts
 * (docs/product-rules.md#contacts).
 */
export const ContactsPage = () => {
  const { data, isLoading, isError, refetch } = useGetContactsQuery(undefined);
  const [deleteContact, deleting] = useDeleteContactMutation();
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const contacts = data?.contactList ?? [];

  const confirmDelete = async (contact: TContact) => {
    try {
      const { msg } = await deleteContact(contact._id).unwrap();
      toast.success(msg);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="card contacts" aria-labelledby="contacts-title">
      <div className="page-head">
        <div>
          <h1 className="card-title" id="contacts-title">
            Contacts
          </h1>
          <p className="muted small">
            Numbers you buy for often. A contact unused for 30 days is removed.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDialog({ kind: 'add' })}
        >
          <Icon path={plusIcon} size={18} /> Add contact
        </button>
      </div>

      {isError && !data ? (
        <div className="empty-state">
          <p>Your contacts could not be loaded.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : !isLoading && contacts.length === 0 ? (
        <div className="empty-state" data-testid="no-contacts">
          <p>No contacts yet. Add one, or tick "Add to contacts" when you buy airtime.</p>
        </div>
      ) : (
        <ul className="contact-list" aria-label="Saved contacts">
          {contacts.map((contact) => (
            <li key={contact._id} className="contact-card" aria-label={contact.contactName}>
              <div className="contact-main">
                <span className="avatar" aria-hidden="true">
                  {contact.contactName.slice(0, 1).toUpperCase()}
                </span>
                <div className="contact-text">
                  <p className="contact-name">{contact.contactName}</p>
                  <p className="contact-number">
                    {contact.contactNumber}{' '}
                    <span
                      className={`network-badge network-${contact.contactNetwork.toLowerCase()}`}
                    >
                      {contact.contactNetwork}
                    </span>
                  </p>
                </div>
                <div className="contact-manage">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit ${contact.contactName}`}
                    title="Edit"
                    onClick={() => setDialog({ kind: 'edit', contact })}
                  >
                    <Icon path={editIcon} size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button-danger"
                    aria-label={`Delete ${contact.contactName}`}
                    title="Delete"
                    onClick={() => setDialog({ kind: 'delete', contact })}
                  >
                    <Icon path={trashIcon} size={18} />
                  </button>
                </div>
              </div>
              <div className="contact-shortcuts">
                <Link
                  className="btn btn-secondary btn-sm"
                  to={shortcut('/profile/buyairtime', contact)}
                  aria-label={`Buy airtime for ${contact.contactName}`}
                >
                  Airtime
                </Link>
                <Link
                  className="btn btn-secondary btn-sm"
                  to={shortcut('/profile/buydata', contact)}
                  aria-label={`Buy data for ${contact.contactName}`}
                >
                  Data
                </Link>
                <Link
                  className="btn btn-ghost btn-sm"
                  to={shortcut('/profile/transactions', contact, false)}
                  aria-label={`Transactions of ${contact.contactName}`}
                >
                  Transactions
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'add' && <ContactDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <ContactDialog contact={dialog.contact} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <Dialog
          title="Delete contact?"
          description={`${dialog.contact.contactName} (${dialog.contact.contactNumber}) will be removed from your contacts.`}
          onClose={() => setDialog(null)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setDialog(null)}
              disabled={deleting.isLoading}
              data-autofocus
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void confirmDelete(dialog.contact)}
              disabled={deleting.isLoading}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
