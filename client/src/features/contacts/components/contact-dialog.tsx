import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { detectNetwork, normalisePhone } from '@vendo/shared/phone';
import { ZContactRequest, type TContactRequest } from '@vendo/shared/schemas/contacts';
import type { TContact } from '@vendo/shared/schemas/contacts.responses';
import { toast } from '@/lib/toast';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAddContactMutation } from '@/lib/add-contact.api';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useUpdateContactMutation } from '../api/update-contact.api';

const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network, label: network }));

type TContactDialogProps = {
  /** The contact to edit; none to add one (one dialog, add or edit mode). */
  contact?: TContact;
  onClose: () => void;
};

export const ContactDialog = ({ contact, onClose }: TContactDialogProps) => {
  const editing = contact !== undefined;
  const form = useForm({
    contactName: contact?.contactName ?? '',
    contactNumber: contact?.contactNumber ?? '',
    contactNetwork: contact?.contactNetwork ?? '',
  });
  const [addContact, adding] = useAddContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();
  const busy = adding.isLoading || updating.isLoading;

  const onNumberChange = (contactNumber: string) => {
    // The prefix suggests the network until the user picks one.
    const detected: TNetwork | null = detectNetwork(contactNumber);
    form.setValues((current) => ({
      ...current,
      contactNumber,
      contactNetwork: current.contactNetwork || detected || '',
    }));
  };

  const onSubmit = form.handleSubmit(
    async () => {
      const { values } = form;
      const data = form.check(
        validate(ZContactRequest, {
          ...values,
          contactNumber: normalisePhone(values.contactNumber) ?? values.contactNumber.trim(),
        } satisfies TContactRequest),
      );
      if (!data) return;
      const { msg } = editing
        ? await updateContact({ id: contact._id, changes: data }).unwrap()
        : await addContact(data).unwrap();
      toast.success(msg);
      onClose();
    },
    { errorIn: 'both' },
  );

  return (
    <Dialog title={editing ? 'Edit contact' : 'Add contact'} onClose={onClose}>
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Edit contact' : 'Add contact'}
      >
        <FormAlert message={form.alert} id={form.alertId} />
        <TextField
          label="Nickname"
          id="contact-name"
          autoComplete="off"
          maxLength={40}
          {...form.field('contactName')}
        />
        <TextField
          label="Phone number"
          id="contact-number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...form.field('contactNumber')}
          onChange={(event) => onNumberChange(event.target.value)}
        />
        <SelectField
          label="Network"
          id="contact-network"
          placeholder="Select network"
          options={NETWORK_OPTIONS}
          {...form.field('contactNetwork')}
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
