import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TContact } from '@vendo/shared/schemas/contacts.responses';
import { buildContact, buildSession } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

/** A server that keeps the contact list between calls, like the real one. */
const openContacts = (initial: TContact[] = [buildContact()]) => {
  let list = [...initial];
  let next = 2;
  const requests = stubHttp({
    'GET /auth/contact': () => ({ status: 200, data: { contactList: list } }),
    'POST /auth/contact': (request) => {
      const contact = {
        ...(request.body as Omit<TContact, '_id' | 'createdAt'>),
        _id: `contact-${next++}`,
        createdAt: '2026-11-21T10:00:00.000Z',
      };
      list = [contact, ...list];
      return { status: 201, data: { msg: 'Contact saved', contact, contactList: list } };
    },
    'PATCH /auth/contact/contact-1': (request) => {
      list = list.map((c) =>
        c._id === 'contact-1' ? { ...c, ...(request.body as Partial<TContact>) } : c,
      );
      return { status: 200, data: { msg: 'Contact updated', contact: list[0], contactList: list } };
    },
    'DELETE /auth/contact/contact-1': () => {
      list = list.filter((c) => c._id !== 'contact-1');
      return { status: 200, data: { msg: 'Contact deleted', contactList: list } };
    },
    'GET /ussd': { status: 200, data: { ussdCodes: [] } },
    'POST /prices': { status: 200, data: [] },
  });
  const session = buildSession();
  const view = renderApp({
    route: '/profile/contacts',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const contactCard = (name: string) =>
  within(screen.getByRole('list', { name: 'Saved contacts' })).getByRole('listitem', { name });

describe('/profile/contacts', () => {
  it('lists the contacts with their number and network', async () => {
    openContacts();
    const card = within(await screen.findByRole('listitem', { name: 'Mum' }));
    expect(card.getByText('08051234567')).toBeInTheDocument();
    expect(card.getByText('GLO')).toHaveClass('network-badge', 'network-glo');
  });

  it('says so when there are none', async () => {
    openContacts([]);
    expect(await screen.findByTestId('no-contacts')).toHaveTextContent('No contacts yet');
  });

  it('adds a contact in the dialog, with the spec message when a field is missing', async () => {
    const { user, requests } = openContacts();
    await screen.findByRole('listitem', { name: 'Mum' });
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add contact' }));

    await user.type(dialog.getByLabelText('Phone number'), '08031234567');
    expect(dialog.getByLabelText('Network')).toHaveValue('MTN'); // from the prefix
    await user.click(dialog.getByRole('button', { name: 'Save contact' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('All fields are required');

    await user.type(dialog.getByLabelText('Nickname'), 'Tunde');
    await user.click(dialog.getByRole('button', { name: 'Save contact' }));

    expect(await screen.findByRole('listitem', { name: 'Tunde' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      contactName: 'Tunde',
      contactNumber: '08031234567',
      contactNetwork: 'MTN',
    });
  });

  it('edits a contact in the same dialog, prefilled', async () => {
    const { user, requests } = openContacts();
    await screen.findByRole('listitem', { name: 'Mum' });
    await user.click(screen.getByRole('button', { name: 'Edit Mum' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit contact' }));
    expect(dialog.getByLabelText('Nickname')).toHaveValue('Mum');
    expect(dialog.getByLabelText('Phone number')).toHaveValue('08051234567');
    expect(dialog.getByLabelText('Network')).toHaveValue('GLO');

    await user.clear(dialog.getByLabelText('Nickname'));
    await user.type(dialog.getByLabelText('Nickname'), 'Mummy');
    await user.selectOptions(dialog.getByLabelText('Network'), 'MTN');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('listitem', { name: 'Mummy' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      contactName: 'Mummy',
      contactNumber: '08051234567',
      contactNetwork: 'MTN',
    });
  });

  it('deletes a contact after confirmation', async () => {
    const { user, requests } = openContacts([
      buildContact(),
      buildContact({
        _id: 'contact-9',
        contactName: 'Dad',
        contactNumber: '08021234567',
        contactNetwork: 'AIRTEL',
      }),
    ]);
    await screen.findByRole('listitem', { name: 'Mum' });
    await user.click(screen.getByRole('button', { name: 'Delete Mum' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete contact?' }));
    expect(
      dialog.getByText('Mum (08051234567) will be removed from your contacts.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Mum' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete contact?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Mum' })).not.toBeInTheDocument(),
    );
    expect(contactCard('Dad')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('has airtime, data and transactions shortcuts that prefill phone and network', async () => {
    const { user } = openContacts();
    const card = within(await screen.findByRole('listitem', { name: 'Mum' }));
    expect(card.getByRole('link', { name: 'Buy data for Mum' })).toHaveAttribute(
      'href',
      '/profile/buydata?phone=08051234567&network=GLO',
    );
    expect(card.getByRole('link', { name: 'Transactions of Mum' })).toHaveAttribute(
      'href',
      '/profile/transactions?phone=08051234567',
    );

    await user.click(card.getByRole('link', { name: 'Buy airtime for Mum' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('08051234567');
    expect(screen.getByLabelText('Network')).toHaveValue('GLO');
  });

  it('opens the history filtered by the contact number', async () => {
    const { user } = openContacts();
    const card = within(await screen.findByRole('listitem', { name: 'Mum' }));
    await user.click(card.getByRole('link', { name: 'Transactions of Mum' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('08051234567');
  });
});
