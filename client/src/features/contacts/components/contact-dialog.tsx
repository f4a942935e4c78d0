import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { detectNetwork, normalisePhone } from '@vendo/shared/phone';
import { ZContactRequest, type TContactRequest } from '@vendo/shared/schemas/contacts';
import type { TContact } from '@vendo/shared/schemas/contacts.responses';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAddContactMutation } from '@/lib/add-contact.api';
import { errorMessage } from '@/lib/api-error';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useUpdateContactMutation } from '../api/update-contact.api';

const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network, label: network }));

type TContactDialogProps = {
  /** The contact to edit; none to add one (one dialog, add or edit mode). */
  contact?: TContact;
  onClose: () => void;
};

export const ContactDialog = ({ contact, onClose }: TContactDialogProps) => {
  const editing = contact !== undefined;
  const [values, setValues] = useState({
    contactName: contact?.contactName ?? '',
    contactNumber: contact?.contactNumber ?? '',
    contactNetwork: contact?.contactNetwork ?? '',
  });
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);
  const [addContact, adding] = useAddContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();
  const busy = adding.isLoading || updating.isLoading;

  const onNumberChange = (contactNumber: string) => {
    // The prefix suggests the network until the user picks one.
    const detected: TNetwork | null = detectNetwork(contactNumber);
    setValues((current) => ({
      ...current,
      contactNumber,
      contactNetwork: current.contactNetwork || detected || '',
    }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: TContactRequest = {
      ...values,
      contactNumber: normalisePhone(values.contactNumber) ?? values.contactNumber.trim(),
    };
    const result = validate(ZContactRequest, body);
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      const { msg } = editing
        ? await updateContact({ id: contact._id, changes: result.data }).unwrap()
        : await addContact(result.data).unwrap();
      toast.success(msg);
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setInvalid({ message, fields: new Set() });
      toast.error(message);
    }
  };

  return (
    <Dialog title={editing ? 'Edit contact' : 'Add contact'} onClose={onClose}>
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Edit contact' : 'Add contact'}
      >
        <FormAlert message={invalid?.message ?? null} />
        <TextField
          label="Nickname"
          name="contactName"
          id="contact-name"
          autoComplete="off"
          maxLength={40}
          value={values.contactName}
          onChange={(event) => setValues({ ...values, contactName: event.target.value })}
          invalid={invalid?.fields.has('contactName')}
        />
        <TextField
          label="Phone number"
          name="contactNumber"
          id="contact-number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={values.contactNumber}
          onChange={(event) => onNumberChange(event.target.value)}
          invalid={invalid?.fields.has('contactNumber')}
        />
        <SelectField
          label="Network"
          name="contactNetwork"
          id="contact-network"
          placeholder="Select network"
          options={NETWORK_OPTIONS}
          value={values.contactNetwork}
          onChange={(event) => setValues({ ...values, contactNetwork: event.target.value })}
          invalid={invalid?.fields.has('contactNetwork')}
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {editing ? 'Save changes' : 'Save contact'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
